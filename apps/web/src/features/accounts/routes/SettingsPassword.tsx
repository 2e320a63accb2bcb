import { changePassword } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { session } from '../../../shared/session/store.ts';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { NewPasswordFields, TextField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';
import { isPassword } from '../components/validate.ts';

/** /settingsPassword: change the password with the old one (or set one after an SMS-only start). */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  useRequireLogin();
  const { data: user } = useUserInfo();
  const [old, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const submit = async () => {
    if (user?.hasPassword && !old) return showToast(t('error.oldRequired'));
    if (!isPassword(password)) return showToast(t('error.passwordRule'));
    if (password !== repeat) return showToast(t('error.passwordMismatch'));
    try {
      const { token } = await call(changePassword, {
        oldPassword: user?.hasPassword ? old : '',
        password,
        repeatPassword: repeat,
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
          <NewPasswordFields
            password={password}
            repeat={repeat}
            onPassword={setPassword}
            onRepeat={setRepeat}
            placeholder="newPasswordPlaceholder"
          />
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
