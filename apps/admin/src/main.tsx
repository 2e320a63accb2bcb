import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-700.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import kmKH from 'antd/locale/km_KH';
import zhCN from 'antd/locale/zh_CN';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError } from './api.ts';
import { getLanguage, I18nProvider, khmerFontReady, useI18n } from './i18n.tsx';
import { router } from './routes.tsx';
import { CONSOLE_THEME } from './theme.ts';

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
    <ConfigProvider locale={locale} theme={CONSOLE_THEME}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}

// Khmer comes with the console (a bare system may have no Khmer face); edge to edge on a phone.
document.body.style.margin = '0';

void (getLanguage() === 'kh' ? khmerFontReady() : Promise.resolve()).then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <Themed />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
