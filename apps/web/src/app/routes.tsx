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
          { path: '/index3', lazy: () => import('../features/home/routes/Home.tsx') },
          { path: '/categories', lazy: () => import('../features/catalogue/routes/Categories.tsx') },
          { path: '/category', lazy: () => import('../features/catalogue/routes/Category.tsx') },
          { path: '/mechantCategory', lazy: () => import('../features/catalogue/routes/MerchantCategory.tsx') },
          { path: '/mechantCategoryThree', lazy: () => import('../features/catalogue/routes/MerchantCategoryThree.tsx') },
          { path: '/product', lazy: () => import('../features/catalogue/routes/Product.tsx') },
          { path: '/details', lazy: () => import('../features/catalogue/routes/Product.tsx') },
          { path: '/h5/details', lazy: () => import('../features/catalogue/routes/Product.tsx') },
          { path: '/specsMode', lazy: () => import('../features/catalogue/routes/SpecsMode.tsx') },
          { path: '/chooseModel', lazy: () => import('../features/catalogue/routes/SpecsMode.tsx') },
          { path: '/productManuals', lazy: () => import('../features/catalogue/routes/ProductManuals.tsx') },
          { path: '/parameter', lazy: () => import('../features/catalogue/routes/Parameter.tsx') },
          { path: '/ProductSearchList', lazy: () => import('../features/catalogue/routes/ProductSearchList.tsx') },
          { path: '/tagProductList', lazy: () => import('../features/catalogue/routes/TagProductList.tsx') },
          { path: '/activityProductList', lazy: () => import('../features/catalogue/routes/ActivityProductList.tsx') },
          { path: '/favourite', lazy: () => import('../features/catalogue/routes/Favourite.tsx') },
          { path: '/ContactUs', lazy: () => import('../features/contact/routes/ContactUs.tsx') },
          { path: '/setLanguage', lazy: () => import('../features/settings/routes/SetLanguage.tsx') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
