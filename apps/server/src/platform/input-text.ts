/**
 * Text a request may carry (DESIGN §8, issue 19). PostgreSQL keeps no NUL (U+0000) in `text`
 * ("invalid byte sequence for encoding UTF8: 0x00") nor in `jsonb` ("unsupported Unicode escape
 * sequence"), and an unpaired surrogate (`"\ud800"` in JSON) is no Unicode text at all: such input
 * is refused once, for every call, before any schema or handler sees it (`installHttpConventions`),
 * rather than failing in whichever statement it reaches first. Parsed JSON nested deeper than any
 * call takes is refused as well: a handler that keeps a body as it came (a gateway's callback)
 * could not store it.
 */

/** Deeper than any call's input; a callback body stored as `jsonb` stays well inside PostgreSQL's limits. */
export const MAX_NESTING = 32;

export type Unreadable = {
  /** Where: `query.keyword`, `body.items[2].name`, `header.language`. */
  path: string;
  reason: 'character' | 'nesting';
};

const wellFormed = (text: string) => (text as unknown as { isWellFormed(): boolean }).isWellFormed();

/** Text the database can keep as text: no NUL, no unpaired surrogate. */
export function readableText(text: string): boolean {
  return text.indexOf('\u0000') === -1 && wellFormed(text);
}

/**
 * The first string of `value` (keys included) that is not readable text, or the first place nested
 * deeper than MAX_NESTING; null when there is none. The walk stops at MAX_NESTING, so a body of a
 * million `[` is refused, not a stack overflow; the path is built only for what is refused.
 */
export function findUnreadable(value: unknown, root: string): Unreadable | null {
  const found = check(value, 0);
  return found && { path: root + found.steps.reverse().join(''), reason: found.reason };
}

type Found = { steps: string[]; reason: Unreadable['reason'] };

function check(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') return readableText(value) ? null : { steps: [], reason: 'character' };
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_NESTING) return { steps: [], reason: 'nesting' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = check(value[i], depth + 1);
      if (found) {
        found.steps.push(`[${i}]`);
        return found;
      }
    }
    return null;
  }
  for (const key in value) {
    if (!readableText(key)) return { steps: ['.?'], reason: 'character' };
    const found = check((value as Record<string, unknown>)[key], depth + 1);
    if (found) {
      found.steps.push(`.${key}`);
      return found;
    }
  }
  return null;
}
