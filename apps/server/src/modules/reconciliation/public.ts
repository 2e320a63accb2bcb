// What other modules may import of the reconciliation: pure helpers.
import { phnomPenhDay } from '../../platform/days.ts';

/** The Phnom Penh day before `now`'s: the day the daily job compares. */
export const yesterday = (now = new Date()) => phnomPenhDay(new Date(now.getTime() - 86_400_000));
