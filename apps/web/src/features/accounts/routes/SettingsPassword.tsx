import { changePassword } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { session } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
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
  const form = useFieldErrors<'old' | 'password' | 'repeat'>();
  const submit = async () => {
    const passwordRefusals = newPassword.refusals();
    const ok = form.check({
      old: user?.hasPassword && !old && t('error.oldRequired'),
      password: passwordRefusals.password && t(passwordRefusals.password),
      repeat: passwordRefusals.repeat && t(passwordRefusals.repeat),
    });
    if (!ok) return;
    try {
      const { token } = await call(
        changePassword,
        {
          oldPassword: user?.hasPassword ? old : '',
          password: newPassword.password,
          repeatPassword: newPassword.repeat,
        },
        { quiet: true },
      );
      if (token) session.update({ token });
      showToast(t('saved'));
      navigate('/settings', { replace: true });
    } catch (error) {
      form.refuseFromServer(error, { USR00029: 'old', USR00024: 'password', USR00023: 'repeat' });
    }
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
              label={t('oldPasswordPlaceholder')}
              field={form.field('old')}
              testId="old-password"
              autoComplete="current-password"
            />
          )}
          <NewPasswordFields {...newPassword.fields} placeholder="newPasswordPlaceholder" fieldOf={form.field} />
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
