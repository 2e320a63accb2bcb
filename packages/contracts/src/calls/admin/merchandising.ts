import { defineCall } from '../../call.ts';
import { z } from '../../schema.ts';
import { id, localizedInput } from './catalogue.ts';

/** The products a tag or activity shows, in order (at most 200 hand-picked ones). */
const productIds = z.array(id()).check(z.maxLength(200));

export const consoleTag = z.object({
  id: z.int(),
  name: localizedInput,
  color: z.string(),
  sort: z.int32(),
  enabled: z.boolean(),
  productIds: z.array(z.int()),
});
export type ConsoleTag = z.infer<typeof consoleTag>;

export const adminTags = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/tags',
  auth: 'user',
  summary: 'Every tag, shown or not, with its products',
  tag: 'admin: catalogue',
  data: z.array(consoleTag),
});

export const adminTagSave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/tags/save',
  auth: 'user',
  summary: 'Adds a tag (without id) or changes one: names in three languages, colour, order, products',
  tag: 'admin: catalogue',
  body: z.object({
    id: z.optional(id()),
    name: localizedInput,
    color: z.string().check(z.maxLength(7)),
    sort: z.int32(),
    enabled: z.boolean(),
    productIds,
  }),
  data: consoleTag,
});

export const consoleActivity = z.object({
  id: z.int(),
  name: localizedInput,
  subtitle: localizedInput,
  imageId: z.nullable(z.int()),
  imageUrl: z.nullable(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  sort: z.int32(),
  enabled: z.boolean(),
  productIds: z.array(z.int()),
});
export type ConsoleActivity = z.infer<typeof consoleActivity>;

export const adminActivities = defineCall({
  method: 'GET',
  path: '/admin-api/v1/catalogue/activities',
  auth: 'user',
  summary: 'Every activity (promotion page of products), past, running or coming',
  tag: 'admin: catalogue',
  data: z.array(consoleActivity),
});

export const adminActivitySave = defineCall({
  method: 'POST',
  path: '/admin-api/v1/catalogue/activities/save',
  auth: 'user',
  summary: 'Adds an activity (without id) or changes one: texts, picture, dates, order and products',
  tag: 'admin: catalogue',
  body: z.object({
    id: z.optional(id()),
    name: localizedInput,
    subtitle: localizedInput,
    imageId: z.optional(z.nullable(id())),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    sort: z.int32(),
    enabled: z.boolean(),
    productIds,
  }),
  data: consoleActivity,
});
