import { changePassword } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call } from '../api/accounts.ts';
import { CodeField, NewPasswordFields, PhoneField, useNewPassword } from '../components/fields.tsx';
import { isCode, isPhoneLike } from '../components/validate.ts';

/** /forgotPassword: a code to the phone sets a new password. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [phone, setPhone] = useState({ countryCode: '+855', phone: '' });
  const [code, setCode] = useState('');
  const newPassword = useNewPassword();
  const form = useFieldErrors<'phone' | 'code' | 'password' | 'repeat'>();
  const phoneOk = () => form.check({ phone: !isPhoneLike(phone.phone) && t('error.phone') });
  const submit = async () => {
    const passwordRefusals = newPassword.refusals();
    const ok = form.check({
      phone: !isPhoneLike(phone.phone) && t('error.phone'),
      code: !isCode(code) && t('error.codeLength'),
      password: passwordRefusals.password && t(passwordRefusals.password),
      repeat: passwordRefusals.repeat && t(passwordRefusals.repeat),
    });
    if (!ok) return;
    try {
      await call(
        changePassword,
        {
          ...phone,
          code,
          password: newPassword.password,
          repeatPassword: newPassword.repeat,
        },
        { quiet: true },
      );
      showToast(t('passwordReset'));
      navigate('/login', { replace: true });
    } catch (error) {
      form.refuseFromServer(error, {
        USR00010: 'phone',
        USR00027: 'phone',
        USR00011: 'code',
        USR00012: 'code',
        USR00024: 'password',
        USR00023: 'repeat',
      });
    }
  };
  return (
    <>
      <PageHeader title={t('forgotPassword')} />
      <main className="acc-page">
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} field={form.field('phone')} />
          <CodeField
            code={code}
            onCode={setCode}
            purpose="forgot"
            {...phone}
            beforeSend={phoneOk}
            field={form.field('code')}
          />
          <NewPasswordFields {...newPassword.fields} placeholder="newPasswordPlaceholder" fieldOf={form.field} />
        </div>
        <p className="acc-hint">{t('passwordRuleHint')}</p>
        <Button block color="primary" size="large" className="acc-submit" onClick={submit} data-testid="forgot-submit">
          {t('resetPassword')}
        </Button>
      </main>
    </>
  );
}
