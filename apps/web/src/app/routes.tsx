import type { RouteObject } from 'react-router';
import { ErrorPage, NotFound } from './ErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';

/**
 * The screens of spec §2. Each screen is a lazy module exporting `Component`, so the first
 * load carries only the shell. Features add their routes here. `handle.missing` names what a
 * route's link points at (product, category, order, address): when its call answers that it does
 * not exist, or the link is malformed, the error element says so and offers the way on.
 */
const SCREENS: RouteObject[] = [
  { path: '/', lazy: () => import('../features/home/routes/Home.tsx') },
  { path: '/home', lazy: () => import('../features/home/routes/Home.tsx') },
  { path: '/index3', lazy: () => import('../features/home/routes/Home.tsx') },
  { path: '/categories', lazy: () => import('../features/catalogue/routes/Categories.tsx') },
  {
    path: '/category',
    handle: { missing: 'category' },
    lazy: () => import('../features/catalogue/routes/Category.tsx'),
  },
  {
    path: '/mechantCategory',
    handle: { missing: 'shop' },
    lazy: () => import('../features/catalogue/routes/MerchantCategory.tsx'),
  },
  {
    path: '/mechantCategoryThree',
    handle: { missing: 'shop' },
    lazy: () => import('../features/catalogue/routes/MerchantCategoryThree.tsx'),
  },
  {
    path: '/product',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/Product.tsx'),
  },
  {
    path: '/details',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/Product.tsx'),
  },
  {
    path: '/h5/details',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/Product.tsx'),
  },
  {
    path: '/specsMode',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/SpecsMode.tsx'),
  },
  { path: '/chooseModel', lazy: () => import('../features/valuation/routes/ChooseModel.tsx') },
  {
    path: '/valuation/questions',
    handle: { missing: 'valuation' },
    lazy: () => import('../features/valuation/routes/Questions.tsx'),
  },
  {
    path: '/estimated',
    handle: { missing: 'valuation' },
    lazy: () => import('../features/valuation/routes/Estimated.tsx'),
  },
  { path: '/valuation/book', lazy: () => import('../features/valuation/routes/Book.tsx') },
  { path: '/valuation/appointments', lazy: () => import('../features/valuation/routes/Appointments.tsx') },
  {
    path: '/productManuals',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/ProductManuals.tsx'),
  },
  {
    path: '/parameter',
    handle: { missing: 'product' },
    lazy: () => import('../features/catalogue/routes/Parameter.tsx'),
  },
  { path: '/ProductSearchList', lazy: () => import('../features/catalogue/routes/ProductSearchList.tsx') },
  {
    path: '/tagProductList',
    handle: { missing: 'list' },
    lazy: () => import('../features/catalogue/routes/TagProductList.tsx'),
  },
  {
    path: '/activityProductList',
    handle: { missing: 'list' },
    lazy: () => import('../features/catalogue/routes/ActivityProductList.tsx'),
  },
  { path: '/favourite', lazy: () => import('../features/catalogue/routes/Favourite.tsx') },
  { path: '/privacy', lazy: () => import('../features/legal/routes/Privacy.tsx') },
  { path: '/terms', lazy: () => import('../features/legal/routes/Terms.tsx') },
  { path: '/ContactUs', lazy: () => import('../features/contact/routes/ContactUs.tsx') },
  { path: '/setLanguage', lazy: () => import('../features/settings/routes/SetLanguage.tsx') },
  { path: '/settingsNotifications', lazy: () => import('../features/settings/routes/Notifications.tsx') },
  { path: '/settingsPrices', lazy: () => import('../features/settings/routes/PriceDisplay.tsx') },
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
  { path: '/newShopperCoupon', lazy: () => import('../features/coupons/routes/NewShopperCoupon.tsx') },
  { path: '/invite', lazy: () => import('../features/invite/routes/Invite.tsx') },
  { path: '/invite/rules', lazy: () => import('../features/invite/routes/InviteRules.tsx') },
  { path: '/invite/accept', lazy: () => import('../features/invite/routes/InviteAccept.tsx') },
  { path: '/invite/history', lazy: () => import('../features/invite/routes/InviteHistory.tsx') },
  { path: '/notices', lazy: () => import('../features/notices/routes/Notices.tsx') },
  { path: '/cart', lazy: () => import('../features/buying/routes/Cart.tsx') },
  { path: '/cartTmp', lazy: () => import('../features/buying/routes/Cart.tsx') },
  { path: '/orderConfirm', lazy: () => import('../features/buying/routes/OrderConfirm.tsx') },
  { path: '/cashier', lazy: () => import('../features/buying/routes/Cashier.tsx') },
  { path: '/topup', lazy: () => import('../features/topup/routes/Topup.tsx') },
  { path: '/topup/records', lazy: () => import('../features/topup/routes/TopupRecords.tsx') },
  { path: '/kmf', lazy: () => import('../features/loans/routes/Kmf.tsx') },
  { path: '/kmf/authorization', lazy: () => import('../features/loans/routes/Authorization.tsx') },
  { path: '/kmf/learnMore', lazy: () => import('../features/loans/routes/LearnMore.tsx') },
  {
    path: '/kmf/aboutUs',
    handle: { content: 'kmf.aboutUs' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/kmf/faq',
    handle: { content: 'kmf.faq' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/kmf/privacyPolicy',
    handle: { content: 'kmf.privacyPolicy' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/kmf/termsorConditions',
    handle: { content: 'kmf.termsorConditions' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/kmf/userorPrivacy',
    handle: { content: 'kmf.userorPrivacy' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  { path: '/inclusive/loanSuccess', lazy: () => import('../features/loans/routes/LoanSuccess.tsx') },
  { path: '/mycreditJump', lazy: () => import('../features/loans/routes/MycreditJump.tsx') },
  { path: '/yingxin', lazy: () => import('../features/yingxin/routes/Yingxin.tsx') },
  { path: '/yingxin/borrower', lazy: () => import('../features/yingxin/routes/Borrower.tsx') },
  {
    path: '/yingxin/carBasicInformation',
    lazy: () => import('../features/yingxin/routes/CarBasicInformation.tsx'),
  },
  { path: '/yingxin/ceshiCamera', lazy: () => import('../features/yingxin/routes/CeshiCamera.tsx') },
  { path: '/yingxin/carProve', lazy: () => import('../features/yingxin/routes/CarProve.tsx') },
  { path: '/yingxin/subSuccess', lazy: () => import('../features/yingxin/routes/SubSuccess.tsx') },
  { path: '/passportInfo', lazy: () => import('../features/bongloy/routes/PassportInfo.tsx') },
  { path: '/visaHold', lazy: () => import('../features/bongloy/routes/VisaHold.tsx') },
  { path: '/passportHold', lazy: () => import('../features/bongloy/routes/PassportHold.tsx') },
  {
    path: '/prepaidIntroduce',
    handle: { content: 'bongloy.introduce' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/prepaidCardQa',
    handle: { content: 'bongloy.faq' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/faq',
    handle: { content: 'bongloy.faq' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/terms',
    handle: { content: 'bongloy.terms' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/cardholderAgreement',
    handle: { content: 'bongloy.cardholderAgreement' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/kyc/faq',
    handle: { content: 'bongloy.kycFaq' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/usageGuid',
    handle: { content: 'bongloy.usageGuide' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/operatingManual',
    handle: { content: 'bongloy.operatingManual' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/openAccountSteps',
    handle: { content: 'bongloy.openAccountSteps' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/strategy',
    handle: { content: 'bongloy.strategy' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/bongloy/agreement',
    handle: { content: 'bongloy.agreement' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/walletCardProtocol',
    handle: { content: 'bongloy.walletCardProtocol' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/masterProtocol',
    handle: { content: 'bongloy.masterProtocol' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/master/faq',
    handle: { content: 'bongloy.masterFaq' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/master/termsAndConditions',
    handle: { content: 'bongloy.masterTerms' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  { path: '/bongloy/customer', lazy: () => import('../features/bongloy/routes/Customer.tsx') },
  { path: '/bongloyDownload', lazy: () => import('../features/bongloy/routes/Download.tsx') },
  { path: '/download/bongloy', lazy: () => import('../features/bongloy/routes/Download.tsx') },
  { path: '/bongloyShare', lazy: () => import('../features/bongloy/routes/Share.tsx') },
  { path: '/bongloy/shadowFromHTML', lazy: () => import('../features/bongloy/routes/ShadowFromHtml.tsx') },
  { path: '/bongloy', lazy: () => import('../features/bongloy/routes/Bongloy.tsx') },
  {
    path: '/bongloy/cardActivationGuide',
    lazy: () => import('../features/bongloy/routes/CardActivationGuide.tsx'),
  },
  { path: '/bongloyTopUp', lazy: () => import('../features/bongloy/routes/TopUpHome.tsx') },
  { path: '/bongloy/topUpSteps', lazy: () => import('../features/bongloy/routes/TopUpSteps.tsx') },
  { path: '/bongloy/topUpStep1', lazy: () => import('../features/bongloy/routes/TopUpStep1.tsx') },
  { path: '/bongloy/topUpStep2', lazy: () => import('../features/bongloy/routes/TopUpStep2.tsx') },
  { path: '/bongloy/topUpStep3', lazy: () => import('../features/bongloy/routes/TopUpStep3.tsx') },
  { path: '/bongloy/topUpSuccess', lazy: () => import('../features/bongloy/routes/TopUpSuccess.tsx') },
  { path: '/bongloy/topUpOrderDetail', lazy: () => import('../features/bongloy/routes/TopUpOrderDetail.tsx') },
  { path: '/bongloy/step1', lazy: () => import('../features/bongloy/routes/Step1.tsx') },
  { path: '/bongloy/step2', lazy: () => import('../features/bongloy/routes/Step2.tsx') },
  { path: '/bongloy/step3', lazy: () => import('../features/bongloy/routes/Step3.tsx') },
  { path: '/bongloy/step4_1', lazy: () => import('../features/bongloy/routes/Step4Pickup.tsx') },
  { path: '/bongloy/step4_2', lazy: () => import('../features/bongloy/routes/Step4Express.tsx') },
  { path: '/bongloy/step5', lazy: () => import('../features/bongloy/routes/Step5.tsx') },
  { path: '/bongloy/success', lazy: () => import('../features/bongloy/routes/Success.tsx') },
  { path: '/bongloy/orderDetail', lazy: () => import('../features/bongloy/routes/OrderDetail.tsx') },
  { path: '/giftCard', lazy: () => import('../features/giftcards/routes/GiftCards.tsx') },
  { path: '/giftCard/activateCard', lazy: () => import('../features/giftcards/routes/ActivateCard.tsx') },
  {
    path: '/giftCard/successCard',
    handle: { missing: 'giftCard' },
    lazy: () => import('../features/giftcards/routes/SuccessCard.tsx'),
  },
  {
    path: '/giftCard/viewCard',
    handle: { missing: 'giftCard' },
    lazy: () => import('../features/giftcards/routes/ViewCard.tsx'),
  },
  {
    path: '/giftCard/cardDetails',
    handle: { missing: 'giftCard' },
    lazy: () => import('../features/giftcards/routes/CardDetails.tsx'),
  },
  { path: '/giftCard/userGuide', lazy: () => import('../features/giftcards/routes/UserGuide.tsx') },
  { path: '/giftCard/send', lazy: () => import('../features/giftcards/routes/SendGift.tsx') },
  { path: '/giftCard/sent', lazy: () => import('../features/giftcards/routes/SentGifts.tsx') },
  { path: '/giftClaim', lazy: () => import('../features/giftcards/routes/ClaimGift.tsx') },
  { path: '/outPayment', lazy: () => import('../features/buying/routes/PayResult.tsx') },
  { path: '/mpgsSuccess', lazy: () => import('../features/buying/routes/PayResult.tsx') },
  { path: '/abaPayExp', lazy: () => import('../features/buying/routes/PayResult.tsx') },
  { path: '/orderFail', lazy: () => import('../features/buying/routes/OrderFail.tsx') },
  {
    path: '/eOrderFinish',
    handle: { missing: 'order' },
    lazy: () => import('../features/buying/routes/OrderPlaced.tsx'),
  },
  { path: '/orderList', lazy: () => import('../features/buying/routes/OrderList.tsx') },
  {
    path: '/orderDetail',
    handle: { missing: 'order' },
    lazy: () => import('../features/buying/routes/OrderDetail.tsx'),
  },
  {
    path: '/orderViewer',
    handle: { missing: 'order' },
    lazy: () => import('../features/buying/routes/OrderViewer.tsx'),
  },
  {
    path: '/orderComment',
    handle: { missing: 'order' },
    lazy: () => import('../features/buying/routes/OrderComment.tsx'),
  },
  { path: '/address', lazy: () => import('../features/buying/routes/AddressList.tsx') },
  {
    path: '/addressEdit',
    handle: { missing: 'address' },
    lazy: () => import('../features/buying/routes/AddressEdit.tsx'),
  },
  {
    path: '/UPIcashback',
    handle: { content: 'page.UPIcashback' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/alipayRemittance',
    handle: { content: 'page.alipayRemittance' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/abvance',
    handle: { content: 'page.abvance' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/smartVIP',
    handle: { content: 'page.smartVIP' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/abamini/preferential',
    handle: { content: 'page.abaminiPreferential' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  {
    path: '/emoney/activity',
    handle: { content: 'page.emoneyActivity' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  { path: '/partnership', lazy: () => import('../features/partners/routes/Partnership.tsx') },
  { path: '/h5/home', lazy: () => import('../features/home/routes/Home.tsx') },
  { path: '/h5/test', lazy: () => import('../features/webview/routes/WebViewTest.tsx') },
  { path: '/startup', lazy: () => import('../features/webview/routes/Startup.tsx') },
  {
    path: '/uageGuide',
    handle: { content: 'page.uageGuide' },
    lazy: () => import('../features/content/routes/ContentPage.tsx'),
  },
  { path: '/Smilebuy', lazy: () => import('../features/overseas/routes/Smilebuy.tsx') },
  { path: '/Smilebuy/category', lazy: () => import('../features/overseas/routes/Category.tsx') },
  { path: '/Smilebuy/productList', lazy: () => import('../features/overseas/routes/ProductList.tsx') },
  {
    path: '/Smilebuy/ProductSearchList',
    lazy: () => import('../features/overseas/routes/ProductSearchList.tsx'),
  },
  {
    path: '/Smilebuy/product',
    handle: { missing: 'product' },
    lazy: () => import('../features/overseas/routes/Product.tsx'),
  },
  {
    path: '/Smilebuy/same',
    handle: { missing: 'product' },
    lazy: () => import('../features/overseas/routes/Same.tsx'),
  },
  {
    path: '/Smilebuy/shop',
    handle: { missing: 'shop' },
    lazy: () => import('../features/overseas/routes/Shop.tsx'),
  },
  { path: '/Smilebuy/imageupload', lazy: () => import('../features/overseas/routes/ImageUpload.tsx') },
  { path: '/Smilebuy/shoppingCart', lazy: () => import('../features/overseas/routes/ShoppingCart.tsx') },
  {
    path: '/Smilebuy/orderConfirm',
    handle: { missing: 'product' },
    lazy: () => import('../features/overseas/routes/OrderConfirm.tsx'),
  },
  { path: '/Smilebuy/cashier', lazy: () => import('../features/overseas/routes/Cashier.tsx') },
  { path: '/Smilebuy/orderList', lazy: () => import('../features/overseas/routes/OrderList.tsx') },
  {
    path: '/Smilebuy/orderDetail',
    handle: { missing: 'order' },
    lazy: () => import('../features/overseas/routes/OrderDetail.tsx'),
  },
  {
    path: '/Smilebuy/logisticsInfo',
    handle: { missing: 'order' },
    lazy: () => import('../features/overseas/routes/LogisticsInfo.tsx'),
  },
  { path: '/Smilebuy/ZTLogisticsFreight', lazy: () => import('../features/overseas/routes/Freight.tsx') },
  { path: '/Smilebuy/customer', lazy: () => import('../features/overseas/routes/Customer.tsx') },
  { path: '/Smilebuy/ContactUs', lazy: () => import('../features/contact/routes/ContactUs.tsx') },
  { path: '/Smilebuy/settingsAvatar', lazy: () => import('../features/accounts/routes/SettingsAvatar.tsx') },
  {
    path: '/activityFive',
    handle: { campaign: 'activityFive' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/blackFridav',
    handle: { campaign: 'blackFridav' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/Cambodiaactivity',
    handle: { campaign: 'Cambodiaactivity' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/christmas',
    handle: { campaign: 'christmas' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/decathlon',
    handle: { campaign: 'decathlon' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/newbg',
    handle: { campaign: 'newbg' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/Shortactivity',
    handle: { campaign: 'Shortactivity' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/twelveActivity',
    handle: { campaign: 'twelveActivity' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/valentineActivity',
    handle: { campaign: 'valentineActivity' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
  {
    path: '/yearEndActivity',
    handle: { campaign: 'yearEndActivity' },
    lazy: () => import('../features/campaigns/routes/CampaignPage.tsx'),
  },
];

/** The route the screens hang from: the app's router adds a screen to it when it is first visited. */
export const SCREENS_ROUTE_ID = 'screens';

/** The route table with `screens` under the shop's layout, and the not-found screen last. */
const table = (screens: RouteObject[]): RouteObject[] => [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        id: SCREENS_ROUTE_ID,
        errorElement: <ErrorPage />,
        children: [...screens, { path: '*', element: <NotFound /> }],
      },
    ],
  },
];

/** The whole route table (the server's paint). */
export const routes = table(SCREENS);

/**
 * The screens an address (with or without the app's /h5 base) opens: the router of the app starts
 * with these alone and is given the others as they are visited (`patchRoutesOnNavigation`). Matching
 * an address against all 170 routes was most of the router's start, a long task on a slow phone
 * (issue 24). Every screen's path is a fixed one; the router matches them ignoring case and a
 * trailing slash.
 */
export function screensFor(address: string): RouteObject[] {
  const pathname = (address.split(/[?#]/)[0].replace(/(.)\/+$/, '$1') || '/').toLowerCase();
  const candidates = new Set([pathname, pathname.replace(/^\/h5(?=\/|$)/, '') || '/']);
  return SCREENS.filter((screen) => screen.path !== undefined && candidates.has(screen.path.toLowerCase()));
}

/** The route table an app that starts at `address` begins with. */
export const routesFor = (address: string) => table(screensFor(address));
