import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/store.ts';
import { promptLogin } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useJump } from '../api/loans.ts';
import '../loans.css';

/** /mycreditJump: hands the shopper to the partner's own app or site with a signed, short-lived reference. */
export function Component() {
  const { t } = useTranslation('loans');
  const { token, thirdId } = useSession();
  const jump = useJump();
  const { mutate } = jump;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);
  useEffect(() => {
    if (jump.data) window.location.assign(jump.data.url);
  }, [jump.data]);
  return (
    <>
      <PageHeader title={t('jump.title')} />
      <div className="loans">
        <section className="card loans-card">
          <p className="loans-section">{t('jump.text')}</p>
          {jump.isError && <p className="loans-warn">{t('jump.failed')}</p>}
          <Button
            block
            color="primary"
            loading={jump.isPending}
            onClick={() => (token ? mutate() : promptLogin(thirdId))}
            data-testid="jump-open"
          >
            {t('jump.open')}
          </Button>
        </section>
      </div>
    </>
  );
}
