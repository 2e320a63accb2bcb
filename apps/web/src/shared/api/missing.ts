import { ApiError, isMissingCode } from './client.ts';

/** The error says the page's subject does not exist, or the page's link is malformed. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && isMissingCode(error.code);
}

/**
 * Query options of a read that is what the page is about (its product, category or order): a
 * missing subject is thrown to the route's error element, which shows the not-found state with a
 * way on (app/ErrorPage.tsx, the route's `handle.missing`); any other failure stays with the page.
 */
export const subjectQuery = { throwOnError: isMissing } as const;

/** The call options that go with it: the page, not a toast, tells the shopper. */
export const subjectCall = { subject: true } as const;
