import { changePassword } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
    try {
      await call(changePassword, {
        ...phone,
        code,
        password: newPassword.password,
        repeatPassword: newPassword.repeat,
      });
      showToast(t('passwordReset'));
      navigate('/login', { replace: true });
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('forgotPassword')} />
      <main className="acc-page">
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} />
          <CodeField code={code} onCode={setCode} purpose="forgot" {...phone} beforeSend={phoneOk} />
          <NewPasswordFields {...newPassword.fields} placeholder="newPasswordPlaceholder" />
        </div>
        <p className="acc-hint">{t('passwordRuleHint')}</p>
        <Button block color="primary" size="large" className="acc-submit" onClick={submit} data-testid="forgot-submit">
          {t('resetPassword')}
        </Button>
      </main>
    </>
  );
}
