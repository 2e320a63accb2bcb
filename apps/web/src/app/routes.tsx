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
          { path: '/cart', lazy: () => import('../features/buying/routes/Cart.tsx') },
          { path: '/cartTmp', lazy: () => import('../features/buying/routes/Cart.tsx') },
          { path: '/orderConfirm', lazy: () => import('../features/buying/routes/OrderConfirm.tsx') },
          { path: '/cashier', lazy: () => import('../features/buying/routes/Cashier.tsx') },
          { path: '/outPayment', lazy: () => import('../features/buying/routes/PayResult.tsx') },
          { path: '/mpgsSuccess', lazy: () => import('../features/buying/routes/PayResult.tsx') },
          { path: '/abaPayExp', lazy: () => import('../features/buying/routes/PayResult.tsx') },
          { path: '/orderFail', lazy: () => import('../features/buying/routes/OrderFail.tsx') },
          { path: '/eOrderFinish', lazy: () => import('../features/buying/routes/OrderPlaced.tsx') },
          { path: '/estimated', lazy: () => import('../features/buying/routes/OrderPlaced.tsx') },
          { path: '/orderList', lazy: () => import('../features/buying/routes/OrderList.tsx') },
          { path: '/orderDetail', lazy: () => import('../features/buying/routes/OrderDetail.tsx') },
          { path: '/orderViewer', lazy: () => import('../features/buying/routes/OrderViewer.tsx') },
          { path: '/orderComment', lazy: () => import('../features/buying/routes/OrderComment.tsx') },
          { path: '/address', lazy: () => import('../features/buying/routes/AddressList.tsx') },
          { path: '/addressEdit', lazy: () => import('../features/buying/routes/AddressEdit.tsx') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
