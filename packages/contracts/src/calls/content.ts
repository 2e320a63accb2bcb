import { defineCall } from '../call.ts';
import { z } from '../schema.ts';

/**
 * Content documents (docs/content.md): texts staff write in the console, in three languages, in
 * Markdown that the server renders to sanitised HTML. A key is `<line>.<name>`: the line's
 * namespace, a dot, the document's name (`bongloy.faq`, `kmf.aboutUs`, `page.UPIcashback`).
 */
export const CONTENT_KEY_PATTERN = /^[a-z][a-zA-Z0-9]{1,23}(\.[a-zA-Z0-9_-]{1,40}){1,2}$/;
export const CONTENT_KEY_MAX = 80;
/** Longest Markdown body of one language (characters). */
export const CONTENT_BODY_MAX = 30_000;

export const contentKey = () => z.string().check(z.maxLength(CONTENT_KEY_MAX), z.regex(CONTENT_KEY_PATTERN));

/** A document in the caller's language: `html` is already sanitised by the server. */
export const contentDocument = z.object({
  key: z.string(),
  title: z.string(),
  html: z.string(),
  updatedAt: z.string(),
});
export type ContentDocument = z.infer<typeof contentDocument>;

export const queryContentDocument = defineCall({
  method: 'GET',
  path: '/v1/content/document',
  auth: 'none',
  summary: 'One content document by key, in the caller’s language (HTML rendered and sanitised)',
  tag: 'content',
  query: z.object({ key: contentKey() }),
  data: contentDocument,
});
