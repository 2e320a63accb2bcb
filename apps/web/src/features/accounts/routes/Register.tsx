import { registerH5 } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
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

  const form = useFieldErrors<'phone' | 'code' | 'password' | 'repeat' | 'email' | 'agree'>();
  const phoneOk = () => form.check({ phone: !isPhoneLike(phone.phone) && t('error.phone') });
  const submit = async () => {
    const passwordRefusals = newPassword.refusals();
    const ok = form.check({
      phone: !isPhoneLike(phone.phone) && t('error.phone'),
      code: !isCode(code) && t('error.codeLength'),
      password: passwordRefusals.password && t(passwordRefusals.password),
      repeat: passwordRefusals.repeat && t(passwordRefusals.repeat),
      email: email.trim() !== '' && !isEmail(email) && t('error.email'),
      agree: !agree && t('error.agree'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      completeLogin(
        await call(
          registerH5,
          {
            ...phone,
            code,
            password: newPassword.password,
            repeatPassword: newPassword.repeat,
            email: email.trim() || undefined,
            agree,
          },
          { quiet: true },
        ),
        navigate,
      );
    } catch (error) {
      form.refuseFromServer(error, {
        USR00010: 'phone',
        USR00026: 'phone',
        USR00011: 'code',
        USR00012: 'code',
        USR00024: 'password',
        USR00023: 'repeat',
        USR00025: 'email',
        USR00028: 'agree',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader title={t('register')} />
      <main className="acc-page">
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} field={form.field('phone')} />
          <CodeField
            code={code}
            onCode={setCode}
            purpose="register"
            {...phone}
            beforeSend={phoneOk}
            field={form.field('code')}
          />
          <NewPasswordFields {...newPassword.fields} placeholder="passwordPlaceholder" fieldOf={form.field} />
          <TextField
            value={email}
            onChange={setEmail}
            placeholder={t('emailPlaceholder')}
            label={t('emailOptional')}
            field={form.field('email')}
            testId="email"
            inputMode="email"
            autoComplete="email"
          />
        </div>
        <p className="acc-hint">{t('passwordRuleHint')}</p>
        <AgreeBox checked={agree} onChange={setAgree} field={form.field('agree')} />
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
