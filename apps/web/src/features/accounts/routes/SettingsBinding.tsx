import { thirdCheck, thirdUnbind } from '@shop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { useTranslation } from 'react-i18next';
import { confirmDialog, showToast } from '../../../shared/ui/feedback.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { call, useThirdList } from '../api/accounts.ts';
import { useRequireLogin } from '../components/useRequireLogin.ts';

/** /settingsBinding: bind or unbind Facebook, Google and WeChat. */
export function Component() {
  const { t } = useTranslation('accounts');
  useRequireLogin();
  const client = useQueryClient();
  const { data } = useThirdList();
  const bind = async (provider: 'facebook' | 'google' | 'wechat') => {
    const { url } = await call(thirdCheck, { provider, mode: 'bind' });
    sessionStorage.setItem('shop.thirdMode', 'bind');
    window.location.assign(url);
  };
  const unbind = async (provider: 'facebook' | 'google' | 'wechat') => {
    const yes = await confirmDialog({
      title: t('unbind'),
      content: t('unbindConfirm', { provider: t(`provider.${provider}`) }),
      confirmText: t('unbind'),
      cancelText: t('common:cancel'),
    });
    if (!yes) return;
    try {
      await call(thirdUnbind, { provider });
      await client.invalidateQueries({ queryKey: ['third-list'] });
      showToast(t('unbound'));
    } catch {}
  };
  return (
    <>
      <PageHeader title={t('binding')} />
      <main className="acc-page">
        <List className="card">
          {data?.map((p) => (
            <List.Item
              key={p.provider}
              description={p.bound ? t('boundAs', { name: p.name }) : t('notBound')}
              extra={
                p.bound ? (
                  <Button size="small" onClick={() => void unbind(p.provider)} data-testid={`unbind-${p.provider}`}>
                    {t('unbind')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    color="primary"
                    onClick={() => void bind(p.provider)}
                    data-testid={`bind-${p.provider}`}
                  >
                    {t('bind')}
                  </Button>
                )
              }
              data-testid={`binding-${p.provider}`}
            >
              {t(`provider.${p.provider}`)}
            </List.Item>
          ))}
        </List>
      </main>
    </>
  );
}
