// The shopper behind each row of a console list, read through the accounts service (never the
// accounts tables), and the phone a staff member searched by, turned into that shopper.
import type { ShopperContact } from '@shop/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Services } from '../../../platform/module.ts';
import { parseMobile } from '../../accounts/public.ts';

/** A stored E.164 phone as people read it: Cambodia in its national format (012 345 678), others in full. */
export function phoneText(e164: string | null | undefined): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === 'KH' ? parsed.formatNational() : parsed.formatInternational();
}

/** Each shopper of `userIds` (one read for a whole page): a lookup giving null for an unknown id. */
export async function contactsOf(
  services: Services,
  userIds: readonly (string | null | undefined)[],
): Promise<(userId: string | null | undefined) => ShopperContact> {
  const ids = userIds.filter((id): id is string => Boolean(id));
  const found = new Map((await services.accounts.usersByIds(ids)).map((u) => [u.id, u]));
  return (userId) => {
    const user = userId ? found.get(userId) : undefined;
    return user ? { id: user.id, name: user.name, phone: user.phone, phoneText: phoneText(user.phone) } : null;
  };
}

/**
 * The phone a staff member typed (+855…, 0…, spaces; a Chinese number with +86): `undefined` when
 * none, the shopper's id, or `null` when no shopper has it (the list is then empty). A malformed
 * phone is USR00010 in the staff member's language.
 */
export async function searchedShopper(
  services: Services,
  phone: string | undefined,
): Promise<{ userId: string | null; e164: string; national: string } | undefined> {
  const typed = phone?.trim();
  if (!typed) return undefined;
  const parsed = parseMobile(typed, typed.startsWith('+86') ? '+86' : '+855');
  const user = await services.accounts.findByPhone(parsed.e164);
  return { userId: user?.id ?? null, e164: parsed.e164, national: parsed.national };
}

/** An empty page (a searched phone no shopper has). */
export const emptyPage = (page: number, size: number) => ({ list: [], total: 0, page, size, counts: {} });

type ListQuery<State> = { state?: State; page: number; size: number; phone?: string; reference?: string };
type ListFilter<State> = { state?: State; userId?: string; reference?: string; page: number; size: number };

/**
 * One page of a console list of shoppers' things (applications, loans, orders): searched by the
 * shopper's phone and the thing's reference, each row drawn with its shopper.
 */
export async function shopperListPage<State, Row extends { userId: string | null }, View>(
  services: Services,
  query: ListQuery<State>,
  search: (filter: ListFilter<State>) => Promise<{ rows: Row[]; total: number; counts: Record<string, number> }>,
  view: (row: Row, shopper: ShopperContact) => View | Promise<View>,
) {
  const { state, page, size, phone, reference } = query;
  const searched = await searchedShopper(services, phone);
  if (searched && !searched.userId) return emptyPage(page, size);
  const { rows, total, counts } = await search({ state, userId: searched?.userId ?? undefined, reference, page, size });
  const shopper = await contactsOf(
    services,
    rows.map((r) => r.userId),
  );
  return { list: await Promise.all(rows.map((r) => view(r, shopper(r.userId)))), total, page, size, counts };
}
