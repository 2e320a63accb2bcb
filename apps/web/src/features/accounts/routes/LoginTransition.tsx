import { thirdBind, thirdLogin } from '@shop/contracts';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { session } from '../../../shared/session/store.ts';
import { call, completeLogin } from '../api/accounts.ts';

/**
 * /loginTransition: where Facebook, Google or WeChat send the shopper back. A login continues to
 * where the shopper was (or to /bindingUser when the account has no phone yet); a binding returns
 * to /settingsBinding.
 */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code') ?? '';
    const state = params.get('state') ?? '';
    if (!code || !state) {
      setFailed(true);
      return;
    }
    const binding = sessionStorage.getItem('shop.thirdMode') === 'bind' && Boolean(session.get().token);
    sessionStorage.removeItem('shop.thirdMode');
    (async () => {
      try {
        if (binding) {
          await call(thirdBind, { code, state });
          navigate('/settingsBinding', { replace: true });
          return;
        }
        const result = await call(thirdLogin, { code, state });
        if (result.needsPhone) {
          session.update({
            token: result.token,
            userId: result.userId,
            thirdType: result.thirdType,
            thirdId: result.thirdId,
            thirdUserName: result.thirdUserName,
            hadHintLogin: false,
          });
          navigate('/bindingUser', { replace: true });
        } else {
          completeLogin(result, navigate);
        }
      } catch {
        setFailed(true);
      }
    })();
  }, [params, navigate]);

  return (
    <main className="acc-page acc-center" data-testid="login-transition">
      {failed ? (
        <ErrorBlock status="default" title={t('thirdFailed')} description="">
          <Link to="/login">{t('backToLogin')}</Link>
        </ErrorBlock>
      ) : (
        <>
          <SpinLoading />
          <p>{t('signingIn')}</p>
        </>
      )}
    </main>
  );
}
