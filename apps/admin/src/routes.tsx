import { createBrowserRouter } from 'react-router';
import { ConsoleLayout } from './Layout.tsx';
import { NotFound } from './pages/NotFound.tsx';

/**
 * What the console shows while the first screen's code loads (a lazy route on the first load):
 * an empty, busy page. Without it React Router warns "No `HydrateFallback` element" (issue 44).
 */
function Starting() {
  return <div aria-busy="true" style={{ minHeight: '100vh' }} data-testid="console-starting" />;
}

export const router = createBrowserRouter(
  [
    {
      HydrateFallback: Starting,
      children: [
        { path: '/login', lazy: () => import('./pages/Login.tsx') },
        { path: '/setup', lazy: () => import('./pages/Setup.tsx') },
        {
          path: '/',
          element: <ConsoleLayout />,
          children: [
            { index: true, lazy: () => import('./pages/Dashboard.tsx') },
            { path: 'analytics', lazy: () => import('./pages/Analytics.tsx') },
            { path: 'catalogue/products', lazy: () => import('./pages/Products.tsx') },
            { path: 'catalogue/categories', lazy: () => import('./pages/Categories.tsx') },
            { path: 'catalogue/banners', lazy: () => import('./pages/Banners.tsx') },
            { path: 'catalogue/tags', lazy: () => import('./pages/Tags.tsx') },
            { path: 'catalogue/activities', lazy: () => import('./pages/Activities.tsx') },
            { path: 'catalogue/content', lazy: () => import('./pages/Content.tsx') },
            { path: 'orders', lazy: () => import('./pages/Orders.tsx') },
            { path: 'finance/withdrawals', lazy: () => import('./pages/Withdrawals.tsx') },
            { path: 'finance/ledger', lazy: () => import('./pages/Ledger.tsx') },
            { path: 'finance/coupons', lazy: () => import('./pages/Coupons.tsx') },
            { path: 'finance/campaigns', lazy: () => import('./pages/Campaigns.tsx') },
            { path: 'finance/invitations', lazy: () => import('./pages/Invitations.tsx') },
            { path: 'topups', lazy: () => import('./pages/Topups.tsx') },
            { path: 'overseas', lazy: () => import('./pages/Overseas.tsx') },
            { path: 'finance/loans', lazy: () => import('./pages/Loans.tsx') },
            { path: 'finance/reconciliation', lazy: () => import('./pages/Reconciliation.tsx') },
            { path: 'finance/refunds', lazy: () => import('./pages/Refunds.tsx') },
            { path: 'finance/currency', lazy: () => import('./pages/Currency.tsx') },
            { path: 'bongloy', lazy: () => import('./pages/CardReview.tsx') },
            { path: 'finance/giftcards', lazy: () => import('./pages/GiftCards.tsx') },
            { path: 'finance/gift-purchases', lazy: () => import('./pages/GiftPurchases.tsx') },
            { path: 'valuation', lazy: () => import('./pages/Valuation.tsx') },
            { path: 'support/notices', lazy: () => import('./pages/Notices.tsx') },
            { path: 'support/users', lazy: () => import('./pages/Users.tsx') },
            { path: 'support/partners', lazy: () => import('./pages/Partners.tsx') },
            { path: 'support/sms', lazy: () => import('./pages/Sms.tsx') },
            { path: 'support/notifications', lazy: () => import('./pages/Notifications.tsx') },
            { path: 'staff', lazy: () => import('./pages/Staff.tsx') },
            { path: 'audit', lazy: () => import('./pages/Audit.tsx') },
            { path: 'settings', lazy: () => import('./pages/Settings.tsx') },
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
