import { defineCall } from '../call.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { int, z } from '../schema.ts';

export const NOTICE_KINDS = [
  'order_shipped',
  'withdrawal',
  'reward',
  'back_in_stock',
  'coupon',
  'announcement',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const notice = z.object({
  id: int(),
  kind: z.string(),
  /** In the caller's language. */
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  createdAt: z.string(),
  /** Newer than the marker the client sent (`lastNotice`). */
  unread: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

/** `lastNotice`: the id of the newest notice the shopper has seen (spec §3 session field). */
const lastNotice = z.optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(0))));

export const listNotices = defineCall({
  method: 'GET',
  path: '/v1/notify/list',
  auth: 'user',
  summary: 'The shopper’s notices and broadcasts, newest first',
  tag: 'notices',
  query: z.object({ ...pageQuery, lastNotice }),
  data: z.object({ ...pageSchema(notice).shape, newest: int() }),
});

export const queryNewNoticeCount = defineCall({
  method: 'GET',
  path: '/v1/notify/querynewcount',
  auth: 'user',
  summary: 'How many notices are newer than the marker',
  tag: 'notices',
  query: z.object({ lastNotice }),
  data: z.object({ count: int() }),
});
