import { passwordLogin, registAndLogin } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import Tabs from 'antd-mobile/es/components/tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isBankPartnerSource } from '../../../shared/navigation/rules.ts';
import { useSession } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, completeLogin } from '../api/accounts.ts';
import { AgreeBox, CodeField, PhoneField, TextField } from '../components/fields.tsx';
import { ThirdButtons } from '../components/ThirdButtons.tsx';
import { isCode, isPhoneLike } from '../components/validate.ts';

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

  const phoneOk = () => {
    if (!isPhoneLike(phone.phone)) {
      showToast(t('error.phone'));
      return false;
    }
    return true;
  };

  const submit = async () => {
    if (!phoneOk()) return;
    if (mode === 'sms' && !isCode(code)) return showToast(t('error.codeLength'));
    if (mode === 'password' && !password) return showToast(t('error.passwordRequired'));
    if (!agree) return showToast(t('error.agree'));
    setBusy(true);
    try {
      const result =
        mode === 'sms'
          ? await call(registAndLogin, { ...phone, code, agree })
          : await call(passwordLogin, { ...phone, password, agree });
      completeLogin(result, navigate);
    } catch {
      // the client has shown the message
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
          <PhoneField {...phone} onChange={setPhone} />
          {mode === 'sms' ? (
            <CodeField code={code} onCode={setCode} purpose="login" {...phone} beforeSend={phoneOk} />
          ) : (
            <TextField
              value={password}
              onChange={setPassword}
              type="password"
              placeholder={t('passwordPlaceholder')}
              testId="password"
              autoComplete="current-password"
            />
          )}
        </div>
        {mode === 'sms' && <p className="acc-hint">{t('smsLoginHint')}</p>}
        <AgreeBox checked={agree} onChange={setAgree} />
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
