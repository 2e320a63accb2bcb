/** Every route of spec §2's route table (top-level and nested), and /myWallet (a banner target). */
export const ROUTE_TABLE = [
  // Shop and account
  ...['/', '/home', '/index3', '/login', '/loginTransition', '/register', '/personal', '/settings', '/settingsAboutUs'],
  ...[
    '/settingsAvatar',
    '/settingsBinding',
    '/settingsEmail',
    '/settingsFeedback',
    '/settingsPassword',
    '/setLanguage',
  ],
  ...['/bindingUser', '/portrait', '/friendCode', '/invite', '/coupon', '/favourite'],
  // Catalogue and orders
  ...['/cart', '/cartTmp', '/cashier', '/categories', '/category', '/chooseModel', '/details', '/product'],
  ...['/productManuals', '/ProductSearchList', '/specsMode', '/tagProductList', '/activityProductList'],
  ...['/mechantCategory', '/mechantCategoryThree', '/orderComment', '/orderConfirm', '/orderDetail', '/orderFail'],
  ...['/orderViewer', '/outPayment', '/eOrderFinish', '/estimated', '/topup'],
  // Payment and wallet
  ...['/abaPayExp', '/abvance', '/alipayRemittance', '/emoneyWith', '/mpgsSuccess', '/UPIcashback'],
  // Prepaid card (bongloy) and gift card
  ...['/bongloy', '/bongloyDownload', '/bongloyShare', '/bongloyTopUp', '/cardholderAgreement', '/giftCard'],
  ...['/passportHold', '/passportInfo', '/prepaidCardQa', '/prepaidIntroduce', '/visaHold', '/walletCardProtocol'],
  // Loan and other sections
  ...['/kmf', '/mycreditJump', '/masterProtocol', '/yingxin', '/Smilebuy', '/smartVIP', '/partnership', '/privacy'],
  ...['/terms', '/ContactUs', '/parameter', '/startup', '/uageGuide'],
  // Campaign pages
  ...['/activityFive', '/blackFridav', '/Cambodiaactivity', '/christmas', '/decathlon', '/newbg', '/newyearCoupon'],
  ...['/Shortactivity', '/twelveActivity', '/valentineActivity', '/yearEndActivity'],
  // Nested
  '/abamini/preferential',
  ...[
    ...['agreement', 'cardActivationGuide', 'customer', 'faq', 'openAccountSteps', 'operatingManual', 'orderDetail'],
    ...['shadowFromHTML', 'step1', 'step2', 'step3', 'step4_1', 'step4_2', 'step5', 'strategy', 'success', 'terms'],
    ...['topUpOrderDetail', 'topUpStep1', 'topUpStep2', 'topUpStep3', 'topUpSteps', 'topUpSuccess', 'usageGuid'],
  ].map((p) => `/bongloy/${p}`),
  '/download/bongloy',
  '/emoney/activity',
  ...['activateCard', 'cardDetails', 'successCard', 'userGuide', 'viewCard'].map((p) => `/giftCard/${p}`),
  '/h5/details',
  '/h5/home',
  '/h5/test',
  '/inclusive/loanSuccess',
  ...['aboutUs', 'authorization', 'faq', 'learnMore', 'privacyPolicy', 'termsorConditions', 'userorPrivacy'].map(
    (p) => `/kmf/${p}`,
  ),
  '/kyc/faq',
  '/master/faq',
  '/master/termsAndConditions',
  ...[
    ...['cashier', 'category', 'ContactUs', 'customer', 'imageupload', 'logisticsInfo', 'orderConfirm', 'orderDetail'],
    ...['orderList', 'product', 'productList', 'ProductSearchList', 'same', 'settingsAvatar', 'shop', 'shoppingCart'],
    'ZTLogisticsFreight',
  ].map((p) => `/Smilebuy/${p}`),
  ...['borrower', 'carBasicInformation', 'carProve', 'ceshiCamera', 'subSuccess'].map((p) => `/yingxin/${p}`),
  '/myWallet',
] as const;
