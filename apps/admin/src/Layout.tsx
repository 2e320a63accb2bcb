import { adminLogout } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Grid, Layout, Menu, Result, Select, Space, Spin, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { call, setSignedOutHandler, tokenStore } from './api.ts';
import { LANGUAGES, type Language, useI18n } from './i18n.tsx';
import { NAV } from './nav.ts';
import { can, useMe } from './session.ts';

export function LanguageSelect() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Select<Language>
      data-testid="language-select"
      aria-label={t('language.label')}
      size="small"
      value={language}
      onChange={setLanguage}
      style={{ width: 120 }}
      options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
    />
  );
}

export function ConsoleLayout() {
  const { t } = useI18n();
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  // On a phone the menu folds away behind its button (at the content's top left) and the header
  // keeps the name, language and sign-out only.
  const wide = Grid.useBreakpoint().md ?? true;

  useEffect(() => {
    setSignedOutHandler(() => {
      queryClient.clear();
      navigate('/login', { replace: true, state: { from: location.pathname } });
    });
  }, [navigate, queryClient, location.pathname]);

  if (!tokenStore.get()) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (me.isPending) return <Spin fullscreen />;
  if (!me.data) return <Navigate to="/login" replace />;

  const items = NAV.filter((n) => can(me.data, n.roles));
  // A section the member's roles do not open: say so instead of showing a page of refused calls.
  const section = NAV.filter((n) => n.path !== '/' && location.pathname.startsWith(n.path)).at(0);
  const forbidden = section !== undefined && !can(me.data, section.roles);
  const selected = items
    .filter((n) => (n.path === '/' ? location.pathname === '/' : location.pathname.startsWith(n.path)))
    .map((n) => n.key);

  async function logout() {
    try {
      await call(adminLogout, {});
    } catch {}
    tokenStore.set('');
    queryClient.clear();
    message.success(t('login.signedOut'));
    navigate('/login', { replace: true });
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={220}
        theme="light"
        breakpoint="lg"
        collapsedWidth={0}
        style={{ borderRight: '1px solid #eee' }}
      >
        <div style={{ padding: '16px 20px', fontWeight: 700, fontSize: 16, color: '#c8102e' }}>{t('app.title')}</div>
        <Menu
          data-testid="nav"
          mode="inline"
          selectedKeys={selected}
          items={items.map((n) => ({ key: n.key, label: t(n.label), onClick: () => navigate(n.path) }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: wide ? '0 24px' : '0 12px',
            display: 'flex',
            justifyContent: 'flex-end',
            borderBottom: '1px solid #eee',
          }}
        >
          <Space align="center">
            <Typography.Text
              data-testid="signed-in-as"
              ellipsis
              style={wide ? undefined : { maxWidth: 110, lineHeight: 'normal', display: 'block' }}
            >
              {me.data.displayName}
            </Typography.Text>
            {wide &&
              me.data.roles.map((r) => (
                <Tag key={r} color="red">
                  {t(`role.${r}`)}
                </Tag>
              ))}
            <LanguageSelect />
            <Button data-testid="logout" onClick={logout}>
              {t('login.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: wide ? 24 : '12px 12px 12px 52px' }}>
          {forbidden ? (
            <Result status="403" title="403" subTitle={t('common.forbidden')} data-testid="forbidden" />
          ) : (
            <Outlet />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
