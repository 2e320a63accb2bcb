import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../shared/session/store.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useShareBind } from '../api/accept.ts';
import '../invite.css';

/**
 * /invite/accept?inviteCode=…: where an invite link leads. A visitor goes to log in or register
 * (the login screen brings them back here); a signed-in shopper is bound to the friend at once.
 */
export function Component() {
  const { t } = useTranslation('invite');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = (params.get('inviteCode') ?? '').trim().toUpperCase();
  const { token } = useSession();
  const bind = useShareBind();
  const tried = useRef(false);

  useEffect(() => {
    if (token && code && !tried.current) {
      tried.current = true;
      bind.mutate(code);
    }
  }, [token, code, bind]);

  return (
    <>
      <PageHeader title={t('acceptTitle')} heading={false} />
      <section className="poster" data-testid="invite-accept">
        <p className="poster__eyebrow">{t('posterTitle')}</p>
        <h1>{t('acceptHeadline')}</h1>
        <div className="poster__code">
          <span>{t('friendCode')}</span>
          <b>{code || '—'}</b>
        </div>
        {!token && <p>{t('acceptVisitor')}</p>}
        {bind.isSuccess && <p data-testid="invite-accept-done">{t('acceptDone')}</p>}
        {bind.isError && <p data-testid="invite-accept-failed">{(bind.error as Error).message}</p>}
      </section>
      <div className="invite__actions">
        {token ? (
          <Button block color="primary" onClick={() => navigate('/')}>
            {t('startShopping')}
          </Button>
        ) : (
          <Button block color="primary" onClick={() => navigate('/login')} data-testid="invite-accept-login">
            {t('registerNow')}
          </Button>
        )}
      </div>
    </>
  );
}
