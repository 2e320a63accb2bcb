import { adminLogin } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, call, tokenStore } from '../api.ts';
import { useT } from '../i18n.tsx';
import { LanguageSelect } from '../Layout.tsx';

export function Component() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(values: { login: string; password: string }) {
    setBusy(true);
    setError('');
    try {
      const { token, staff } = await call(adminLogin, values);
      tokenStore.set(token);
      queryClient.setQueryData(['me'], staff);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('common.networkError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card title={t('login.title')} style={{ width: 380 }} extra={<LanguageSelect />}>
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="login"
            label={t('login.login')}
            rules={[{ required: true, message: t('login.loginRequired') }]}
          >
            <Input data-testid="login-name" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password data-testid="login-password" autoComplete="current-password" />
          </Form.Item>
          <Space direction="vertical" style={{ width: '100%' }}>
            {error && <Alert type="error" showIcon message={error} data-testid="login-error" />}
            <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Space>
        </Form>
      </Card>
    </div>
  );
}
