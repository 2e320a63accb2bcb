import { changePhone } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatPhone } from '../../../shared/format.ts';
import { session } from '../../../shared/session/store.ts';
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
  const phoneOk = () => {
    if (isPhoneLike(phone.phone)) return true;
    showToast(t('error.phone'));
    return false;
  };
  const submit = async () => {
    if (!phoneOk()) return;
    if (!isCode(code)) return showToast(t('error.codeLength'));
    try {
      const r = await call(changePhone, { ...phone, code });
      session.update({
        token: r.token,
        userMobile: r.userMobile,
        userFullMobile: r.userFullMobile,
        country: r.country,
      });
      await client.invalidateQueries({ queryKey: ['user-info'] });
      showToast(t('saved'));
      navigate('/settings', { replace: true });
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('changePhone')} />
      <main className="acc-page">
        {user?.userMobile && (
          <p className="acc-hint">{t('currentPhone', { phone: formatPhone(user.userMobile, user.country) })}</p>
        )}
        <div className="acc-form card">
          <PhoneField {...phone} onChange={setPhone} />
          <CodeField code={code} onCode={setCode} purpose="phone" {...phone} beforeSend={phoneOk} />
        </div>
        <Button block color="primary" size="large" className="acc-submit" onClick={submit} data-testid="phone-submit">
          {t('save')}
        </Button>
      </main>
    </>
  );
}
