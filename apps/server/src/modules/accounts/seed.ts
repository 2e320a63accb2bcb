import type { Services } from '../../platform/module.ts';

/** Demo Friend codes (idempotent): two that give a level, one that has expired. */
export async function seedAccounts(services: Services) {
  const inAYear = new Date(Date.now() + 365 * 24 * 60 * 60_000);
  await services.accountExtras.createFriendCode({ code: 'ANGKOR2026', level: 1, expiresAt: inAYear });
  await services.accountExtras.createFriendCode({ code: 'GOLDFRIEND', level: 2, expiresAt: inAYear, maxUses: 1000 });
  await services.accountExtras.createFriendCode({
    code: 'WATER2024',
    level: 1,
    expiresAt: new Date('2024-12-31T17:00:00Z'),
  });
}
