import type { StaffRole } from '@shop/contracts';

/** The console's sections: who sees each one in the menu (the server enforces the same roles). */
export type NavItem = { key: string; path: string; label: string; roles: readonly StaffRole[] | 'any' };

export const NAV: NavItem[] = [
  { key: 'dashboard', path: '/', label: 'nav.dashboard', roles: 'any' },
  { key: 'staff', path: '/staff', label: 'nav.staff', roles: ['owner'] },
  { key: 'audit', path: '/audit', label: 'nav.audit', roles: ['owner'] },
  { key: 'settings', path: '/settings', label: 'nav.settings', roles: ['owner'] },
];
