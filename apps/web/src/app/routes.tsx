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
          { path: '/login', lazy: () => import('../features/accounts/routes/Login.tsx') },
          { path: '/loginTransition', lazy: () => import('../features/accounts/routes/LoginTransition.tsx') },
          { path: '/register', lazy: () => import('../features/accounts/routes/Register.tsx') },
          { path: '/forgotPassword', lazy: () => import('../features/accounts/routes/ForgotPassword.tsx') },
          { path: '/personal', lazy: () => import('../features/accounts/routes/Personal.tsx') },
          { path: '/settings', lazy: () => import('../features/accounts/routes/Settings.tsx') },
          { path: '/settingsPassword', lazy: () => import('../features/accounts/routes/SettingsPassword.tsx') },
          { path: '/settingsEmail', lazy: () => import('../features/accounts/routes/SettingsEmail.tsx') },
          { path: '/settingsAvatar', lazy: () => import('../features/accounts/routes/SettingsAvatar.tsx') },
          { path: '/settingsBinding', lazy: () => import('../features/accounts/routes/SettingsBinding.tsx') },
          { path: '/settingsFeedback', lazy: () => import('../features/accounts/routes/SettingsFeedback.tsx') },
          { path: '/settingsAboutUs', lazy: () => import('../features/accounts/routes/SettingsAboutUs.tsx') },
          { path: '/settingsPhone', lazy: () => import('../features/accounts/routes/SettingsPhone.tsx') },
          { path: '/settingsPayPassword', lazy: () => import('../features/accounts/routes/PayPassword.tsx') },
          { path: '/bindingUser', lazy: () => import('../features/accounts/routes/BindingUser.tsx') },
          { path: '/portrait', lazy: () => import('../features/accounts/routes/Portrait.tsx') },
          { path: '/friendCode', lazy: () => import('../features/accounts/routes/FriendCode.tsx') },
          { path: '/myWallet', lazy: () => import('../features/wallet/routes/MyWallet.tsx') },
          { path: '/myWallet/bills', lazy: () => import('../features/wallet/routes/Bills.tsx') },
          { path: '/emoneyWith', lazy: () => import('../features/wallet/routes/Withdraw.tsx') },
          { path: '/coupon', lazy: () => import('../features/coupons/routes/Coupons.tsx') },
          { path: '/newyearCoupon', lazy: () => import('../features/coupons/routes/NewyearCoupon.tsx') },
          { path: '/invite', lazy: () => import('../features/invite/routes/Invite.tsx') },
          { path: '/invite/rules', lazy: () => import('../features/invite/routes/InviteRules.tsx') },
          { path: '/invite/accept', lazy: () => import('../features/invite/routes/InviteAccept.tsx') },
          { path: '/invite/history', lazy: () => import('../features/invite/routes/InviteHistory.tsx') },
          { path: '/notices', lazy: () => import('../features/notices/routes/Notices.tsx') },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];
