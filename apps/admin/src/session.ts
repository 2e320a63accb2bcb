import { adminMe, type StaffMember, type StaffRole } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, tokenStore } from './api.ts';

export function useMe() {
  return useQuery({
    queryKey: ['me'],
    queryFn: () => call(adminMe),
    enabled: Boolean(tokenStore.get()),
    staleTime: 60_000,
  });
}

/** Owners may do everything; others what their roles allow (the server checks again on every call). */
export function can(me: StaffMember | undefined, roles: readonly StaffRole[] | 'any'): boolean {
  if (!me) return false;
  if (roles === 'any' || me.roles.includes('owner')) return true;
  return roles.some((r) => me.roles.includes(r));
}
