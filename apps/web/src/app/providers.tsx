import { normalizeLanguage } from '@shop/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../shared/api/queryClient.ts';
import { antdMobileLocale } from '../shared/i18n/antd-mobile.ts';

export { queryClient, retryRead } from '../shared/api/queryClient.ts';

/**
 * antd-mobile's own texts (Stepper's and Input's screen-reader labels, the pickers' buttons, ...) in
 * the page's language, following a change of it: the provider for what is drawn in the tree, the
 * default for what antd-mobile draws outside it (Dialog.show, Toast).
 */
function AntdMobileLanguage({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation('common', { useSuspense: false });
  const language = normalizeLanguage(i18n.language);
  const common = i18n.getResourceBundle?.(language, 'common') as Record<string, unknown> | undefined;
  const locale = useMemo(() => antdMobileLocale(language, common), [language, common]);
  setDefaultConfig({ locale });
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdMobileLanguage>{children}</AntdMobileLanguage>
    </QueryClientProvider>
  );
}
