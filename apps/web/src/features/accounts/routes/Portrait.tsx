import { setInfo } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useUserInfo } from '../api/accounts.ts';
import { TextField } from '../components/fields.tsx';
import { UserAvatar } from '../components/UserAvatar.tsx';
import { useRequireLogin } from '../components/useRequireLogin.ts';
import { isBirthday } from '../components/validate.ts';

/** /portrait: the profile of spec §3: name, ID card, referrer phone, city, birthday, gender. */
export function Component() {
  const { t } = useTranslation('accounts');
  useRequireLogin();
  const client = useQueryClient();
  const { data: user } = useUserInfo();
  const [form, setForm] = useState({ name: '', idCard: '', referrerPhone: '', city: '', birthday: '', gender: '' });
  useEffect(() => {
    if (user) {
      setForm({
        name: user.name,
        idCard: user.idCard,
        referrerPhone: user.referrerPhone,
        city: user.city,
        birthday: user.birthday,
        gender: user.gender,
      });
    }
  }, [user]);
  const set = (key: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    if (form.birthday && !isBirthday(form.birthday)) return showToast(t('error.birthday'));
    try {
      await call(setInfo, form);
      await client.invalidateQueries({ queryKey: ['user-info'] });
      showToast(t('saved'));
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('profile')} />
      <main className="acc-page">
        <div className="acc-center">
          <UserAvatar imageUrl={user?.imageUrl ?? ''} name={form.name || user?.userMobile || ''} size={80} />
        </div>
        <div className="acc-form card">
          <span className="acc-label">{t('name')}</span>
          <TextField
            value={form.name}
            onChange={set('name')}
            placeholder={t('name')}
            testId="profile-name"
            maxLength={50}
          />
          <span className="acc-label">{t('birthday')}</span>
          <TextField
            value={form.birthday}
            onChange={set('birthday')}
            placeholder="dd/mm/yyyy"
            testId="profile-birthday"
            maxLength={10}
          />
          <span className="acc-label">{t('gender')}</span>
          <Selector
            columns={3}
            value={form.gender ? [form.gender] : []}
            onChange={(v) => set('gender')(v[0] ?? '')}
            options={['male', 'female', 'other'].map((g) => ({ label: t(`genders.${g}`), value: g }))}
          />
          <span className="acc-label">{t('city')}</span>
          <TextField value={form.city} onChange={set('city')} placeholder={t('city')} testId="profile-city" />
          <span className="acc-label">{t('idCard')}</span>
          <TextField value={form.idCard} onChange={set('idCard')} placeholder={t('idCard')} testId="profile-id" />
          <span className="acc-label">{t('referrerPhone')}</span>
          <TextField
            value={form.referrerPhone}
            onChange={set('referrerPhone')}
            placeholder={t('referrerPhone')}
            testId="profile-referrer"
          />
          <span className="acc-label">{t('email')}</span>
          <p className="acc-readonly">{user?.userEmail || '—'}</p>
        </div>
        <Button block color="primary" size="large" className="acc-submit" onClick={save} data-testid="profile-save">
          {t('save')}
        </Button>
      </main>
    </>
  );
}
