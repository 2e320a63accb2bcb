import { adminSetup, adminSetupStatus } from '@shop/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, call, tokenStore } from '../api.ts';
import { time } from '../format.ts';
import { useT } from '../i18n.tsx';
import { LanguageSelect } from '../Layout.tsx';

type Values = { login: string; displayName: string; password: string; repeat: string };

/**
 * The first owner's way in (issue 19): the one-time link the shop printed at a start with no staff
 * opens this page; they choose a login, name and password and are signed in.
 */
export function Component() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const status = useQuery({
    queryKey: ['setup-status', token],
    queryFn: () => call(adminSetupStatus, { token }),
    retry: false,
  });

  async function submit(values: Values) {
    setBusy(true);
    setError('');
    try {
      const { token: session, staff } = await call(adminSetup, {
        token,
        login: values.login,
        displayName: values.displayName,
        password: values.password,
      });
      tokenStore.set(session);
      queryClient.setQueryData(['me'], staff);
      message.success(t('setup.done'));
      navigate('/', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : t('common.networkError'));
    } finally {
      setBusy(false);
    }
  }

  let body: React.ReactNode;
  if (status.isPending) body = <Spin style={{ display: 'block', padding: 32 }} />;
  else if (status.isError) {
    const reason =
      status.error instanceof ApiError && status.error.message ? status.error.message : t('common.networkError');
    body = (
      <Result
        status="warning"
        title={t('setup.unusable')}
        subTitle={<span data-testid="setup-refused">{reason}</span>}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })} data-testid="setup-to-login">
            {t('login.submit')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Form<Values> layout="vertical" onFinish={submit} requiredMark={false}>
        <Typography.Paragraph type="secondary" data-testid="setup-intro">
          {t('setup.intro', { until: time(status.data.expiresAt) })}
        </Typography.Paragraph>
        <Form.Item
          name="login"
          label={t('staff.login')}
          extra={t('staff.loginHint')}
          rules={[{ required: true, message: t('login.loginRequired') }]}
        >
          <Input data-testid="setup-login" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="displayName"
          label={t('staff.displayName')}
          rules={[{ required: true, message: t('setup.nameRequired') }]}
        >
          <Input data-testid="setup-name" autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          extra={t('setup.passwordHint')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password data-testid="setup-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeat"
          label={t('setup.repeat')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('setup.repeatRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('setup.mismatch'))),
            }),
          ]}
        >
          <Input.Password data-testid="setup-repeat" autoComplete="new-password" />
        </Form.Item>
        <Space direction="vertical" style={{ width: '100%' }}>
          {error && <Alert type="error" showIcon message={error} data-testid="setup-error" />}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="setup-submit">
            {t('setup.submit')}
          </Button>
        </Space>
      </Form>
    );
  }

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5', padding: 12 }}>
      <Card
        title={<span data-testid="setup-title">{t('setup.title')}</span>}
        style={{ width: '100%', maxWidth: 420 }}
        extra={<LanguageSelect />}
      >
        {body}
      </Card>
    </div>
  );
}
