import { Input } from 'antd';
import { useState } from 'react';
import { useT } from '../i18n.tsx';
import { PageTitle } from '../ui.tsx';
import { SmsTable } from './Users.tsx';

export function Component() {
  const t = useT();
  const [phone, setPhone] = useState<string | undefined>();
  return (
    <>
      <PageTitle>{t('sms.title')}</PageTitle>
      <Input.Search
        placeholder={t('common.phone')}
        allowClear
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => setPhone(v.trim() || undefined)}
      />
      <SmsTable phone={phone} />
    </>
  );
}
