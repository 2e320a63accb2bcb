import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import kmKH from 'antd/locale/km_KH';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api.ts';
import { I18nProvider, useI18n } from './i18n.tsx';
import { router } from './routes.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.code !== 'NETWORK') && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

function Themed() {
  const { language } = useI18n();
  const locale = language === 'chs' ? zhCN : language === 'kh' ? kmKH : enUS;
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#c8102e', borderRadius: 6 } }}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <Themed />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
