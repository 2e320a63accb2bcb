import type { Page, SmsOutboxItem } from '@shop/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs.ts';
import { sql } from '../../platform/sql.ts';
import type { SmsGateway } from './gateway.ts';
import { smsOutbox } from './tables.ts';

export const SMS_DELIVER_JOB = 'sms.deliver';

const MASK_CHAR = '•';
/** How a code reads in the outbox: as many dots as it has digits ("Your code is ••••"). */
export const smsMask = (secret: string) => MASK_CHAR.repeat(secret.length);
/** Tries of the delivery job before a message is marked failed. */
export const SMS_MAX_ATTEMPTS = 5;

/**
 * Sending text messages: the message is written to the outbox at once (in the caller's
 * transaction), and a durable job hands it to the gateway, retrying with backoff.
 */
export class SmsService {
  private readonly db: Db;
  private readonly jobs: JobRunner;
  readonly gateway: SmsGateway;
  /** In production a code is kept only until its message is sent or given up. */
  private readonly production: boolean;

  constructor(db: Db, jobs: JobRunner, gateway: SmsGateway, options: { production?: boolean } = {}) {
    this.db = db;
    this.jobs = jobs;
    this.gateway = gateway;
    this.production = options.production ?? false;
  }

  /**
   * Queues one message to `phone` (E.164); returns the outbox id. A `secret` (a sign-in or
   * pay-password code) is masked in the text the outbox keeps and shows, and kept apart only to
   * deliver it (`smsMask`).
   */
  async send(
    phone: string,
    text: string,
    purpose: string,
    db: Db = this.db,
    options: { secret?: string } = {},
  ): Promise<string> {
    const secret = options.secret || null;
    const [row] = await db
      .insert(smsOutbox)
      .values({
        phone,
        text: secret ? text.split(secret).join(smsMask(secret)) : text,
        secret,
        purpose,
        provider: this.gateway.name,
      })
      .returning({ id: smsOutbox.id });
    await this.jobs.enqueue(
      SMS_DELIVER_JOB,
      { id: row.id },
      { dedupeKey: `sms:${row.id}`, maxAttempts: SMS_MAX_ATTEMPTS },
      db,
    );
    return String(row.id);
  }

  /** Hands message `id` to the gateway. Throws on failure so the job runner retries it. */
  async deliver(id: number): Promise<void> {
    const [row] = await this.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).limit(1);
    if (row?.status !== 'queued') return;
    const attempts = row.attempts + 1;
    try {
      const { providerId } = await this.gateway.send({
        to: row.phone,
        text: row.secret ? row.text.split(smsMask(row.secret)).join(row.secret) : row.text,
        reference: `sms-${row.id}`,
      });
      await this.db
        .update(smsOutbox)
        .set({
          status: 'sent',
          providerId,
          attempts,
          sentAt: sql`now()`,
          lastError: null,
          ...(this.production ? { secret: null } : {}),
        })
        .where(eq(smsOutbox.id, id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db
        .update(smsOutbox)
        .set({
          attempts,
          lastError: message,
          ...(attempts >= SMS_MAX_ATTEMPTS ? { status: 'failed', ...(this.production ? { secret: null } : {}) } : {}),
        })
        .where(eq(smsOutbox.id, id));
      throw error;
    }
  }

  jobDefinitions(): JobDefinition[] {
    return [
      {
        name: SMS_DELIVER_JOB,
        handler: async (payload) => {
          await this.deliver(Number(payload.id));
        },
      },
    ];
  }

  /**
   * Sent and queued messages, newest first (operator console, tests): a code masked whatever the
   * reader's role or the environment; `code` says that one was sent.
   */
  async outbox(query: { phone?: string; page: number; size: number }): Promise<Page<SmsOutboxItem>> {
    const where = query.phone ? eq(smsOutbox.phone, query.phone) : undefined;
    const [{ total }] = await this.db.select({ total: sql<number>`count(*)::int` }).from(smsOutbox).where(where);
    const rows = await this.db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    return {
      list: rows.map((row) => ({
        id: String(row.id),
        phone: row.phone,
        text: row.text,
        code: row.secret !== null || row.text.includes(MASK_CHAR),
        purpose: row.purpose,
        status: row.status as SmsOutboxItem['status'],
        provider: row.provider,
        attempts: row.attempts,
        lastError: row.lastError ?? '',
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt ? row.sentAt.toISOString() : null,
      })),
      total,
      page: query.page,
      size: query.size,
    };
  }

  /** How many messages went to `phone` for `purpose` (tests, limits checks). */
  async countFor(phone: string, purpose?: string): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(purpose ? and(eq(smsOutbox.phone, phone), eq(smsOutbox.purpose, purpose)) : eq(smsOutbox.phone, phone));
    return n;
  }
}
