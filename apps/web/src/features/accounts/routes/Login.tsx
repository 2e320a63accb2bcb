import { passwordLogin, registAndLogin } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isBankPartnerSource } from '../../../shared/navigation/rules.ts';
import { useSession } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, completeLogin } from '../api/accounts.ts';
import { AgreeBox, CodeField, PhoneField, TextField } from '../components/fields.tsx';
import { ThirdButtons } from '../components/ThirdButtons.tsx';
import { isCode, isPhoneLike } from '../components/validate.ts';

/** The server's refusals that are about one field (the catalogue's accounts errors). */
const LOGIN_REFUSALS = {
  USR00010: 'phone',
  USR00027: 'phone',
  USR00011: 'code',
  USR00012: 'code',
  USR00020: 'password',
  USR00028: 'agree',
} as const;

/** /login: phone and SMS code (creates the account on first login), phone and password, or third party. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [mode, setMode] = useState<'sms' | 'password'>('sms');
  const [phone, setPhone] = useState({ countryCode: '+855', phone: '' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  // Spec §6: a bank partner's customer is told why the shop asks for a login first (decision 0024).
  const partner = isBankPartnerSource(useSession().source);

  const form = useFieldErrors<'phone' | 'code' | 'password' | 'agree'>();

  const phoneOk = () => form.check({ phone: !isPhoneLike(phone.phone) && t('error.phone') });

  const submit = async () => {
    const ok = form.check({
      phone: !isPhoneLike(phone.phone) && t('error.phone'),
      code: mode === 'sms' && !isCode(code) && t('error.codeLength'),
      password: mode === 'password' && !password && t('error.passwordRequired'),
      agree: !agree && t('error.agree'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result =
        mode === 'sms'
          ? await call(registAndLogin, { ...phone, code, agree }, { quiet: true })
          : await call(passwordLogin, { ...phone, password, agree }, { quiet: true });
      completeLogin(result, navigate);
    } catch (error) {
      form.refuseFromServer(error, LOGIN_REFUSALS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('login')} />
      <main className="acc-page">
        {partner && (
          <p className="acc-partner card" role="status" data-testid="partner-login">
            {t('partnerRequired')}
          </p>
        )}
        <Tabs activeKey={mode} onChange={(k) => setMode(k as 'sms' | 'password')}>
          <Tabs.Tab title={t('smsLogin')} key="sms" />
          <Tabs.Tab title={<span data-testid="tab-password">{t('passwordLogin')}</span>} key="password" />
        </Tabs>
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} field={form.field('phone')} />
          {mode === 'sms' ? (
            <CodeField
              code={code}
              onCode={setCode}
              purpose="login"
              {...phone}
              beforeSend={phoneOk}
              field={form.field('code')}
            />
          ) : (
            <TextField
              value={password}
              onChange={setPassword}
              type="password"
              placeholder={t('passwordPlaceholder')}
              label={t('passwordPlaceholder')}
              field={form.field('password')}
              testId="password"
              autoComplete="current-password"
            />
          )}
        </div>
        {mode === 'sms' && <p className="acc-hint">{t('smsLoginHint')}</p>}
        <AgreeBox checked={agree} onChange={setAgree} field={form.field('agree')} />
        <Button
          block
          color="primary"
          size="large"
          className="acc-submit"
          loading={busy}
          onClick={submit}
          data-testid="login-submit"
        >
          {t('login')}
        </Button>
        <div className="acc-links">
          <Link to="/register" data-testid="to-register">
            {t('register')}
          </Link>
          <Link to="/forgotPassword" data-testid="to-forgot">
            {t('forgotPassword')}
          </Link>
        </div>
        <ThirdButtons />
        <p className="acc-hint">{t('smsHelp')}</p>
      </main>
    </>
  );
}
