import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { promptLogin } from '../ui/feedback.ts';
import { PageHeader } from '../ui/PageHeader.tsx';
import { useSession } from './store.ts';

/**
 * A screen of the shopper's own things (an application, a card, a top-up): a visitor opening its link is asked
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
