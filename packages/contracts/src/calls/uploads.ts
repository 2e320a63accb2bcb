import { defineCall } from '../call.ts';
import { int, z } from '../schema.ts';

/**
 * Pictures the shopper uploads (spec §7 `v1/upload/pictureofclient` and `v1/upload/tmp`): multipart
 * field `file`, real images only (JPEG, PNG, WebP, AVIF), checked by content, re-encoded as JPEG
 * with every metadata (EXIF, location) removed. Both are private to their owner and held until a
 * later call claims them (a card application's documents); one never claimed is deleted after a day.
 */
export const UPLOAD_PURPOSES = ['pictureofclient', 'tmp'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest upload in bytes, and the pixel bounds (spec §7 leaves them to us; docs/bongloy.md). */
export const UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** The shortest side an identity picture may have and still be read by a reviewer. */
export const UPLOAD_MIN_SIDE = 240;
/** A picture is stored at most this long on its longest side. */
export const UPLOAD_STORED_SIDE = 2000;

export const uploadedPicture = z.object({
  id: z.string(),
  /** A short-lived signed link to the stored picture (owner only; ask `v1/upload/link` for a new one). */
  url: z.string(),
  expiresAt: z.string(),
  width: int(),
  height: int(),
});
export type UploadedPicture = z.infer<typeof uploadedPicture>;

export const uploadPictureOfClient = defineCall({
  method: 'POST',
  path: '/v1/upload/pictureofclient',
  auth: 'user',
  summary: 'Upload an identity picture (multipart field "file"): private, re-encoded, metadata removed',
  tag: 'uploads',
  data: uploadedPicture,
});

export const uploadTmp = defineCall({
  method: 'POST',
  path: '/v1/upload/tmp',
  auth: 'user',
  summary: 'Upload a temporary picture (multipart field "file"), deleted after a day unless a later call claims it',
  tag: 'uploads',
  data: uploadedPicture,
});

const uploadId = () => z.string().check(z.regex(/^[0-9a-f-]{36}$/));

export const uploadLink = defineCall({
  method: 'GET',
  path: '/v1/upload/link',
  auth: 'user',
  summary: 'A new short-lived link to one of the shopper’s own uploads',
  tag: 'uploads',
  query: z.object({ id: uploadId() }),
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});

/** A signed link's target: answers the bytes (not the envelope) while the link holds. */
export const uploadFile = {
  method: 'GET',
  path: '/v1/upload/file',
  query: z.object({
    key: z.string().check(z.minLength(1), z.maxLength(512)),
    exp: z.coerce.number().check(z.int()),
    sig: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
} as const;

export const adminUploadLink = defineCall({
  method: 'GET',
  path: '/admin-api/v1/uploads/link',
  auth: 'user',
  summary: 'A short-lived link to a shopper’s private upload, for card review (the view is audited)',
  tag: 'admin: uploads',
  query: z.object({ id: uploadId(), reason: z.string().check(z.minLength(1), z.maxLength(200)) }),
  data: z.object({ url: z.string(), expiresAt: z.string(), ownerId: z.string() }),
});
