import { defineCall } from '../../call.ts';
import { z } from '../../schema.ts';
import { CONTENT_BODY_MAX, contentKey } from '../content.ts';

const titles = z.object({
  'en-US': z.string().check(z.minLength(1), z.maxLength(120)),
  chs: z.string().check(z.minLength(1), z.maxLength(120)),
  kh: z.string().check(z.minLength(1), z.maxLength(160)),
});
const bodies = z.object({
  'en-US': z.string().check(z.minLength(1), z.maxLength(CONTENT_BODY_MAX)),
  chs: z.string().check(z.minLength(1), z.maxLength(CONTENT_BODY_MAX)),
  kh: z.string().check(z.minLength(1), z.maxLength(CONTENT_BODY_MAX)),
});

/** A document as staff edit it: title and Markdown per language. */
export const consoleContentDocument = z.object({
  key: z.string(),
  title: titles,
  body: bodies,
  updatedAt: z.string(),
  updatedBy: z.nullable(z.string()),
});
export type ConsoleContentDocument = z.infer<typeof consoleContentDocument>;

export const adminContentList = defineCall({
  method: 'GET',
  path: '/admin-api/v1/content',
  auth: 'user',
  summary: 'Every content document (key, titles, last change), by key',
  tag: 'admin: content',
  query: z.object({ prefix: z.optional(z.string().check(z.maxLength(40))) }),
  data: z.array(z.object({ key: z.string(), title: titles, updatedAt: z.string(), updatedBy: z.nullable(z.string()) })),
});

export const adminContentGet = defineCall({
  method: 'GET',
  path: '/admin-api/v1/content/document',
  auth: 'user',
  summary: 'One content document with its Markdown in the three languages',
  tag: 'admin: content',
  query: z.object({ key: contentKey() }),
  data: consoleContentDocument,
});

export const adminContentSave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/content/save',
  auth: 'user',
  summary: 'Writes a content document (new key or existing) in the three languages',
  tag: 'admin: content',
  body: z.object({ key: contentKey(), title: titles, body: bodies }),
  data: consoleContentDocument,
});

export const adminContentPreview = defineCall({
  method: 'POST',
  path: '/admin-api/v1/content/preview',
  auth: 'user',
  summary: 'Markdown rendered and sanitised exactly as the shop will show it',
  tag: 'admin: content',
  body: z.object({ markdown: z.string().check(z.maxLength(CONTENT_BODY_MAX)) }),
  data: z.object({ html: z.string() }),
});
