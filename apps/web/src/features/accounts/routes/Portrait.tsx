import { setInfo } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Selector from 'antd-mobile/es/components/selector';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../../shared/ui/FormField.tsx';
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
  const fields = useFieldErrors<'name' | 'birthday' | 'city' | 'idCard' | 'referrerPhone'>();
  const save = async () => {
    if (!fields.check({ birthday: form.birthday !== '' && !isBirthday(form.birthday) && t('error.birthday') })) return;
    try {
      await call(setInfo, form, { quiet: true });
      await client.invalidateQueries({ queryKey: ['user-info'] });
      showToast(t('saved'));
    } catch (error) {
      fields.refuseFromServer(error, { USR00040: 'birthday' });
    }
  };
  return (
    <>
      <PageHeader title={t('profile')} />
      <main className="acc-page">
        <div className="acc-center">
          <UserAvatar imageUrl={user?.imageUrl ?? ''} name={form.name || user?.userMobile || ''} size={80} />
        </div>
        <div className="acc-form card">
          <TextField
            label={t('name')}
            field={fields.field('name')}
            value={form.name}
            onChange={set('name')}
            placeholder={t('name')}
            testId="profile-name"
            maxLength={50}
          />
          <TextField
            label={t('birthday')}
            field={fields.field('birthday')}
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
          <TextField
            label={t('city')}
            field={fields.field('city')}
            value={form.city}
            onChange={set('city')}
            placeholder={t('city')}
            testId="profile-city"
          />
          <TextField
            label={t('idCard')}
            field={fields.field('idCard')}
            value={form.idCard}
            onChange={set('idCard')}
            placeholder={t('idCard')}
            testId="profile-id"
          />
          <TextField
            label={t('referrerPhone')}
            field={fields.field('referrerPhone')}
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
