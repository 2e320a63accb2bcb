import { setEmail } from '@shop/contracts';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { session } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useRefreshUser, useUserInfo } from '../api/accounts.ts';
import { TextField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';
import { isEmail } from '../components/validate.ts';

/** /settingsEmail: set or change the email address. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  useRequireLogin();
  const { data: user } = useUserInfo();
  const refresh = useRefreshUser();
  const [email, setValue] = useState('');
  // The current address fills the field when it arrives, unless the shopper has typed already.
  const typed = useRef(false);
  useEffect(() => {
    if (user?.userEmail && !typed.current) setValue(user.userEmail);
  }, [user?.userEmail]);
  const form = useFieldErrors<'email'>();
  const submit = async () => {
    if (!form.check({ email: !isEmail(email) && t('error.email') })) return;
    try {
      const { userEmail } = await call(setEmail, { email }, { quiet: true });
      session.update({ userEmail });
      await refresh();
      showToast(t('saved'));
      navigate('/settings', { replace: true });
    } catch (error) {
      form.refuseFromServer(error, { USR00025: 'email' });
    }
  };
  return (
    <>
      <PageHeader title={t('email')} />
      <main className="acc-page">
        <div className="acc-form card">
          <TextField
            value={email}
            onChange={(value) => {
              typed.current = true;
              setValue(value);
            }}
            placeholder={t('emailPlaceholder')}
            label={t('emailPlaceholder')}
            field={form.field('email')}
            testId="email"
            inputMode="email"
            autoComplete="email"
          />
        </div>
        <Button block color="primary" size="large" className="acc-submit" onClick={submit} data-testid="email-submit">
          {t('save')}
        </Button>
      </main>
    </>
  );
}
