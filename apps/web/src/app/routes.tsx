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
          { path: '/myWallet', lazy: () => import('../features/wallet/routes/MyWallet.tsx') },
          { path: '/myWallet/bills', lazy: () => import('../features/wallet/routes/Bills.tsx') },
          { path: '/emoneyWith', lazy: () => import('../features/wallet/routes/Withdraw.tsx') },
          { path: '/coupon', lazy: () => import('../features/coupons/routes/Coupons.tsx') },
          { path: '/newyearCoupon', lazy: () => import('../features/coupons/routes/NewyearCoupon.tsx') },
          { path: '/invite', lazy: () => import('../features/invite/routes/Invite.tsx') },
          { path: '/invite/rules', lazy: () => import('../features/invite/routes/InviteRules.tsx') },
          { path: '/invite/history', lazy: () => import('../features/invite/routes/InviteHistory.tsx') },
          { path: '/notices', lazy: () => import('../features/notices/routes/Notices.tsx') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
