import { setPayPassword, verifyPayPasswordCode } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { CodeField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';
import { isCode, isPayPassword } from '../components/validate.ts';

/**
 * /settingsPayPassword: step 1, an SMS code to the shopper's own phone; step 2, six digits twice;
 * then back to `?back=` (the cashier that asked for it) or the settings.
 */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const client = useQueryClient();
  useRequireLogin();
  const { data: user } = useUserInfo();
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState('');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  // Where the shopper came from to set it (the cashier's same payment): an in-shop path only.
  const back = useSearchParams()[0].get('back') ?? '';
  const backTo = back.startsWith('/') && !back.startsWith('//') ? back : '/settings';

  const form = useFieldErrors<'code'>();
  const verify = async () => {
    if (!form.check({ code: !isCode(code) && t('error.codeLength') })) return;
    try {
      setTicket((await call(verifyPayPasswordCode, { code }, { quiet: true })).ticket);
    } catch (error) {
      form.refuseFromServer(error, { USR00011: 'code', USR00012: 'code' });
    }
  };
  const save = async () => {
    if (!isPayPassword(first)) return showToast(t('error.payPassword'));
    if (first !== second) return showToast(t('error.passwordMismatch'));
    try {
      await call(setPayPassword, { payPassword: first, repeatPayPassword: second, ticket });
      await client.invalidateQueries({ queryKey: ['user-info'] });
      showToast(t('payPasswordSaved'));
      navigate(backTo, { replace: true });
    } catch {
      setTicket('');
      setFirst('');
      setSecond('');
    }
  };

  return (
    <>
      <PageHeader title={user?.hasPayPassword ? t('changePayPassword') : t('setPayPassword')} />
      <main className="acc-page">
        {!ticket ? (
          <>
            <p className="acc-hint">
              {t('payCodeHint', { phone: user ? formatPhone(user.userMobile, user.country) : '' })}
            </p>
            <div className="acc-form card">
              <CodeField code={code} onCode={setCode} purpose="paypwd" field={form.field('code')} />
            </div>
            <Button
              block
              color="primary"
              size="large"
              className="acc-submit"
              onClick={verify}
              data-testid="pay-code-submit"
            >
              {t('next')}
            </Button>
          </>
        ) : (
          <div className="acc-pay">
            <p>{t('payPasswordEnter')}</p>
            <PasscodeInput
              length={6}
              plain={false}
              value={first}
              onChange={(v) => setFirst(v.replace(/\D/g, ''))}
              data-testid="pay-first"
            />
            <p>{t('payPasswordRepeat')}</p>
            <PasscodeInput
              length={6}
              plain={false}
              value={second}
              onChange={(v) => setSecond(v.replace(/\D/g, ''))}
              data-testid="pay-second"
            />
            <p className="acc-hint">{t('payPasswordRule')}</p>
            <Button block color="primary" size="large" className="acc-submit" onClick={save} data-testid="pay-submit">
              {t('save')}
            </Button>
          </div>
        )}
      </main>
    </>
  );
}
