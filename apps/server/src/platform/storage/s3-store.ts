import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { checkKey, checkPrefix, type FileStore, type StoredObject } from './store.ts';

export type S3Settings = {
  /** S3_ENDPOINT: an S3-compatible server (MinIO, R2, Spaces, s3rver); empty for AWS itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  /** S3_PREFIX: keys are stored under this folder of the bucket (several shops in one bucket). */
  prefix: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` rather than `bucket.endpoint/key` (most self-hosted stores). */
  forcePathStyle: boolean;
};

/**
 * The S3-compatible adapter: every instance of the shop reads and writes one bucket. Objects stay
 * private in the bucket (no public ACL); the shop serves them through its own signed links.
 */
export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    if (!settings.bucket) throw new Error('S3_BUCKET must be set when STORAGE=s3');
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + checkKey(key),
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + checkKey(key) }),
      );
      if (!answer.Body) return null;
      const body = Buffer.from(await answer.Body.transformToByteArray());
      return { body, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async reachable(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + checkKey(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + checkPrefix(prefix),
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
