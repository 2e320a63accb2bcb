import '@fontsource/noto-sans-khmer/khmer-400.css';
import '@fontsource/noto-sans-khmer/khmer-700.css';
// antd-mobile's design tokens (--adm-color-*, 1.3 KB); app/styles.css overrides the brand colours after it.
import 'antd-mobile/es/global/theme-default.css';
import './app/styles.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { startI18n } from './app/i18n.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';

const router = createBrowserRouter(routes, { basename: '/h5' });

void startI18n().then(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <Providers>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </Providers>
    </StrictMode>,
  );
});
