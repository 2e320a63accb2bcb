import { changePassword } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { session } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { NewPasswordFields, TextField, useNewPassword } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';

/** /settingsPassword: change the password with the old one (or set one after an SMS-only start). */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  useRequireLogin();
  const { data: user } = useUserInfo();
  const [old, setOld] = useState('');
  const newPassword = useNewPassword();
  const submit = async () => {
    if (user?.hasPassword && !old) return showToast(t('error.oldRequired'));
    const passwordRefusal = newPassword.refusal();
    if (passwordRefusal) return showToast(t(passwordRefusal));
    try {
      const { token } = await call(changePassword, {
        oldPassword: user?.hasPassword ? old : '',
        password: newPassword.password,
        repeatPassword: newPassword.repeat,
      });
      if (token) session.update({ token });
      showToast(t('saved'));
      navigate('/settings', { replace: true });
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('changePassword')} />
      <main className="acc-page">
        <div className="acc-form card">
          {user?.hasPassword !== false && (
            <TextField
              value={old}
              onChange={setOld}
              type="password"
              placeholder={t('oldPasswordPlaceholder')}
              testId="old-password"
              autoComplete="current-password"
            />
          )}
          <NewPasswordFields {...newPassword.fields} placeholder="newPasswordPlaceholder" />
        </div>
        <p className="acc-hint">{t('passwordRuleHint')}</p>
        <Button
          block
          color="primary"
          size="large"
          className="acc-submit"
          onClick={submit}
          data-testid="password-submit"
        >
          {t('save')}
        </Button>
        <div className="acc-links">
          <Link to="/forgotPassword">{t('forgotPassword')}</Link>
        </div>
      </main>
    </>
  );
}
