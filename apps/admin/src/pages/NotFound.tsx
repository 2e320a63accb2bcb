import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useT } from '../i18n.tsx';

export function NotFound() {
  const t = useT();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('nav.dashboard')}</Button>
        </Link>
      }
    />
  );
}
