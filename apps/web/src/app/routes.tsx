import type { RouteObject } from 'react-router';
import { ErrorPage, NotFound } from './ErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * The route table of spec §2. Each screen is a lazy module exporting `Component`, so the first
 * load carries only the shell. Features add their routes here.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: '/', lazy: () => import('../features/home/routes/Home.tsx') },
          { path: '/home', lazy: () => import('../features/home/routes/Home.tsx') },
          { path: '/ContactUs', lazy: () => import('../features/contact/routes/ContactUs.tsx') },
          { path: '/setLanguage', lazy: () => import('../features/settings/routes/SetLanguage.tsx') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
