import type { StaffRole } from '@shop/contracts';

/** The console's sections: who sees each one in the menu (the server enforces the same roles). */
export type NavItem = { key: string; path: string; label: string; roles: readonly StaffRole[] | 'any' };

export const NAV: NavItem[] = [
  { key: 'dashboard', path: '/', label: 'nav.dashboard', roles: 'any' },
  { key: 'analytics', path: '/analytics', label: 'nav.analytics', roles: 'any' },
  { key: 'products', path: '/catalogue/products', label: 'nav.products', roles: ['catalogue'] },
  { key: 'categories', path: '/catalogue/categories', label: 'nav.categories', roles: ['catalogue'] },
  { key: 'banners', path: '/catalogue/banners', label: 'nav.banners', roles: ['catalogue'] },
  { key: 'tags', path: '/catalogue/tags', label: 'nav.tags', roles: ['catalogue'] },
  { key: 'activities', path: '/catalogue/activities', label: 'nav.activities', roles: ['catalogue'] },
  { key: 'content', path: '/catalogue/content', label: 'nav.content', roles: ['catalogue'] },
  { key: 'orders', path: '/orders', label: 'nav.orders', roles: ['fulfilment'] },
  { key: 'withdrawals', path: '/finance/withdrawals', label: 'nav.withdrawals', roles: ['finance'] },
  { key: 'ledger', path: '/finance/ledger', label: 'nav.ledger', roles: ['finance'] },
  { key: 'coupons', path: '/finance/coupons', label: 'nav.coupons', roles: ['finance'] },
  { key: 'campaigns', path: '/finance/campaigns', label: 'nav.campaigns', roles: ['finance'] },
  { key: 'invitations', path: '/finance/invitations', label: 'nav.invitations', roles: ['finance'] },
  { key: 'giftcards', path: '/finance/giftcards', label: 'nav.giftcards', roles: ['finance'] },
  { key: 'giftPurchases', path: '/finance/gift-purchases', label: 'nav.giftPurchases', roles: ['finance'] },
  { key: 'topups', path: '/topups', label: 'nav.topups', roles: ['fulfilment', 'finance'] },
  { key: 'overseas', path: '/overseas', label: 'nav.overseas', roles: ['fulfilment', 'finance'] },
  { key: 'loans', path: '/finance/loans', label: 'nav.loans', roles: ['finance'] },
  { key: 'reconciliation', path: '/finance/reconciliation', label: 'nav.reconciliation', roles: ['finance'] },
  { key: 'refunds', path: '/finance/refunds', label: 'nav.refunds', roles: ['finance'] },
  { key: 'currency', path: '/finance/currency', label: 'nav.currency', roles: ['finance'] },
  { key: 'bongloy', path: '/bongloy', label: 'nav.bongloy', roles: ['cardReview'] },
  { key: 'valuation', path: '/valuation', label: 'nav.valuation', roles: ['fulfilment', 'finance', 'catalogue'] },
  { key: 'users', path: '/support/users', label: 'nav.users', roles: ['support'] },
  { key: 'partners', path: '/support/partners', label: 'nav.partners', roles: ['support'] },
  { key: 'sms', path: '/support/sms', label: 'nav.sms', roles: ['support'] },
  { key: 'notices', path: '/support/notices', label: 'nav.notices', roles: ['support'] },
  { key: 'notifications', path: '/support/notifications', label: 'nav.notifications', roles: ['support'] },
  { key: 'staff', path: '/staff', label: 'nav.staff', roles: ['owner'] },
  { key: 'audit', path: '/audit', label: 'nav.audit', roles: ['owner'] },
  { key: 'settings', path: '/settings', label: 'nav.settings', roles: ['owner'] },
];
