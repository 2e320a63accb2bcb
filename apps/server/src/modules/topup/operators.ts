// The operators the shop tops up, with the number ranges allocated to each (see SOURCE.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverSrc } from '../../platform/paths.ts';

type RawRange = { local: string; e164: string; nsn_lengths: number[] };
type RawOperator = { operator: string; prefixes: RawRange[]; area_code_ranges: RawRange[] };
type RawFile = { operators: RawOperator[]; mobile_prefixes_without_operator: RawRange[] };

export type OperatorRanges = { code: string; name: string; ranges: { start: string; lengths: number[] }[] };

/** The operators' codes, stable in the database and the console: their names made into words. */
const codeOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

const asRange = (r: RawRange) => ({ start: r.e164.replace(/^\+855/, ''), lengths: r.nsn_lengths });

/**
 * Each operator's ranges as national numbers start (`+85512` → `12`), and the mobile ranges no
 * operator is named for (a top-up there is refused as unserved, not as a wrong number).
 */
export function loadOperatorRanges(file = path.join(serverSrc, 'modules/topup/cambodia-mobile-prefixes.json')): {
  operators: OperatorRanges[];
  unnamed: OperatorRanges;
} {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawFile;
  return {
    operators: raw.operators.map((o) => ({
      code: codeOf(o.operator),
      name: o.operator,
      ranges: [...o.prefixes, ...o.area_code_ranges].map(asRange),
    })),
    unnamed: { code: '', name: '', ranges: raw.mobile_prefixes_without_operator.map(asRange) },
  };
}

/** What a new installation offers: the operators shoppers top up most, and the usual amounts. */
export const DEFAULT_AMOUNTS_CENTS = [100, 200, 500, 1000, 2000, 5000];
export const DEFAULT_OPERATOR_ORDER = ['smart', 'cellcard', 'metfone', 'seatel', 'qbmore-cadcomms'];
