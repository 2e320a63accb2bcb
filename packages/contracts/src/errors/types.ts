import type { Language } from '../i18n.ts';

/**
 * One catalogue entry: its message in each language (with `{name}` placeholders) and the HTTP
 * status it travels with. Business outcomes travel with 200 (DESIGN §4), so `http` is omitted there.
 */
export type ErrorEntry = Record<Language, string> & { http?: 400 | 404 | 413 | 429 | 500 | 503 };
