import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './Layout.tsx';
import { NotFound } from './pages/NotFound.tsx';

export const router = createBrowserRouter(
  [
    { path: '/login', lazy: () => import('./pages/Login.tsx') },
    {
      path: '/',
      element: <ConsoleLayout />,
      children: [
        { index: true, lazy: () => import('./pages/Dashboard.tsx') },
        { path: 'staff', lazy: () => import('./pages/Staff.tsx') },
        { path: 'audit', lazy: () => import('./pages/Audit.tsx') },
        { path: 'settings', lazy: () => import('./pages/Settings.tsx') },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
