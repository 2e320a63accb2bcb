import { registerH5 } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, completeLogin } from '../api/accounts.ts';
import {
  AgreeBox,
  CodeField,
  NewPasswordFields,
  PhoneField,
  TextField,
  useNewPassword,
} from '../components/fields.tsx';
import { isCode, isEmail, isPhoneLike } from '../components/validate.ts';

/** /register: phone, SMS code, password and repeat, optional email (spec §5). */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [phone, setPhone] = useState({ countryCode: '+855', phone: '' });
  const [code, setCode] = useState('');
  const newPassword = useNewPassword({ required: true });
  const [email, setEmail] = useState('');
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);

  const phoneOk = () => {
    if (isPhoneLike(phone.phone)) return true;
    showToast(t('error.phone'));
    return false;
  };
  const submit = async () => {
    if (!phoneOk()) return;
    if (!isCode(code)) return showToast(t('error.codeLength'));
    const passwordRefusal = newPassword.refusal();
    if (passwordRefusal) return showToast(t(passwordRefusal));
    if (email.trim() && !isEmail(email)) return showToast(t('error.email'));
    if (!agree) return showToast(t('error.agree'));
    setBusy(true);
    try {
      completeLogin(
        await call(registerH5, {
          ...phone,
          code,
          password: newPassword.password,
          repeatPassword: newPassword.repeat,
          email: email.trim() || undefined,
          agree,
        }),
        navigate,
      );
    } catch {
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('register')} />
      <main className="acc-page">
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} />
          <CodeField code={code} onCode={setCode} purpose="register" {...phone} beforeSend={phoneOk} />
          <NewPasswordFields {...newPassword.fields} placeholder="passwordPlaceholder" />
          <TextField
            value={email}
            onChange={setEmail}
            placeholder={t('emailOptional')}
            testId="email"
            inputMode="email"
            autoComplete="email"
          />
        </div>
        <p className="acc-hint">{t('passwordRuleHint')}</p>
        <AgreeBox checked={agree} onChange={setAgree} />
        <Button
          block
          color="primary"
          size="large"
          className="acc-submit"
          loading={busy}
          onClick={submit}
          data-testid="register-submit"
        >
          {t('registerAndLogin')}
        </Button>
      </main>
    </>
  );
}
