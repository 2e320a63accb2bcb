// Whether a reference the lender names (its webhooks: loan.decided, extension.answered) is one the
// shop made: a loan's (`LN…`), a car loan's (`YX…`) or an extension's id (a UUID: a reference of
// another shape is not looked up as one, so it never reaches the database as a uuid).
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { carLoans, loanExtensions, loans } from './tables.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function knowsLenderReference(db: Db, reference: string): Promise<boolean> {
  if (reference.startsWith('LN'))
    return (await db.select({ id: loans.id }).from(loans).where(eq(loans.reference, reference)).limit(1)).length > 0;
  if (reference.startsWith('YX'))
    return (
      (await db.select({ id: carLoans.id }).from(carLoans).where(eq(carLoans.reference, reference)).limit(1)).length > 0
    );
  if (UUID.test(reference))
    return (
      (
        await db
          .select({ id: loanExtensions.id })
          .from(loanExtensions)
          .where(eq(loanExtensions.id, reference.toLowerCase()))
          .limit(1)
      ).length > 0
    );
  return false;
}
