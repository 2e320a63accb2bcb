import { changePhone } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { session } from '../../../shared/session/store.ts';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { CodeField, PhoneField } from '../components/fields.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';
import { isCode, isPhoneLike } from '../components/validate.ts';

/** /settingsPhone: move the account to a new phone, proven by a code sent to the new phone. */
export function Component() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const client = useQueryClient();
  useRequireLogin();
  const { data: user } = useUserInfo();
  const [phone, setPhone] = useState({ countryCode: '+855', phone: '' });
  const [code, setCode] = useState('');
  const form = useFieldErrors<'phone' | 'code'>();
  const phoneOk = () => form.check({ phone: !isPhoneLike(phone.phone) && t('error.phone') });
  const submit = async () => {
    const ok = form.check({
      phone: !isPhoneLike(phone.phone) && t('error.phone'),
      code: !isCode(code) && t('error.codeLength'),
    });
    if (!ok) return;
    try {
      const r = await call(changePhone, { ...phone, code }, { quiet: true });
      session.update({
        token: r.token,
        userMobile: r.userMobile,
        userFullMobile: r.userFullMobile,
        country: r.country,
      });
      await client.invalidateQueries({ queryKey: ['user-info'] });
      showToast(t('saved'));
      navigate('/settings', { replace: true });
    } catch (error) {
      form.refuseFromServer(error, {
        USR00010: 'phone',
        USR00036: 'phone',
        USR00037: 'phone',
        USR00011: 'code',
        USR00012: 'code',
      });
    }
  };
  return (
    <>
      <PageHeader title={t('changePhone')} />
      <main className="acc-page">
        {user?.userMobile && (
          <p className="acc-hint">{t('currentPhone', { phone: formatPhone(user.userMobile, user.country) })}</p>
        )}
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} field={form.field('phone')} />
          <CodeField
            code={code}
            onCode={setCode}
            purpose="phone"
            {...phone}
            beforeSend={phoneOk}
            field={form.field('code')}
          />
        </div>
        <Button block color="primary" size="large" className="acc-submit" onClick={submit} data-testid="phone-submit">
          {t('save')}
        </Button>
      </main>
    </>
  );
}
