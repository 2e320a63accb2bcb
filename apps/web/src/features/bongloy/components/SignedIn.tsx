import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

/**
 * A screen of the shopper's own application, card or top-up: a visitor opening its link is asked
 * to log in, and the page says why and offers it again (never an empty or endlessly loading page).
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token, thirdId } = useSession();
  useEffect(() => {
    if (!token) void promptLogin(thirdId);
  }, [token, thirdId]);
  if (token) return children;
  return (
    <>
      <PageHeader title={t('noLoginHint')} />
      <div className="list-end" data-testid="signed-in-first">
        {t('confirmLogin')}{' '}
        <button type="button" className="link-button" onClick={() => void promptLogin(thirdId)}>
          {t('login')}
        </button>
      </div>
    </>
  );
}
