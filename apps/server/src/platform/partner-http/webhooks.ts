// The partners' webhooks (card issued or refused, loan decided, parcel moved): a signed POST to
// `/v1/partners/<party>/webhook`, checked with the party's key and the replay window before its body
// is even parsed, read as strict JSON (a key named twice is refused: the shop and the partner read
// one message one way), taken once per event id, and handed to what the party's adapter does with
// it. A delivery that fails its signature or comes outside the window changes nothing and is logged;
// one the shop refuses for good (a reference it never made, an application not sent to the issuer)
// is answered 4xx once, so the partner does not deliver it again, and nothing of it is kept.
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db.ts';
import { queryRows } from '../db.ts';
import { AppError } from '../errors.ts';
import { findUnreadable } from '../input-text.ts';
import { sql } from '../sql.ts';
import { partnerWebhookEvents } from '../tables.ts';
import { SIGNATURE_HEADER, signedHeaders, TIMESTAMP_HEADER, verifySigned } from './signing.ts';
import { parseStrictJson, StrictJsonError } from './strict-json.ts';

export type PartnerEvent = { id: string; type: string; occurredAt: string; data: Record<string, unknown> };

/** What the shop did with an event: the adapter's words ('recorded', 'ignored: …'). */
export type EventHandler = (event: PartnerEvent) => Promise<string>;

/**
 * The shop refuses an event for good, whatever the number of deliveries: 422 for a reference it
 * never made (not an id of its own, or no such thing), 409 for a thing in a state the party may not
 * answer for. Thrown by a handler; the partner is answered at once and nothing is kept.
 */
export class RefusedEvent extends Error {
  readonly status: 409 | 422;
  readonly outcome: string;

  constructor(status: 409 | 422, outcome: string) {
    super(outcome);
    this.name = 'RefusedEvent';
    this.status = status;
    this.outcome = outcome;
  }
}

/** A reference the shop never made: 422 `unknown reference`. */
export const unknownReference = () => new RefusedEvent(422, 'unknown reference');

export type WebhookOutcome =
  | { status: 200; outcome: 'duplicate' | string }
  | { status: 401; outcome: 'unsigned' | 'bad-signature' | 'outside-window' }
  | { status: 400; outcome: 'malformed' | 'duplicated-key' }
  | { status: 409 | 422; outcome: string }
  | { status: 503; outcome: 'failed' };

export const webhookPath = (party: string) => `/v1/partners/${party}/webhook`;

function parseEvent(raw: string): PartnerEvent | null {
  // A duplicated key throws (StrictJsonError with `duplicate`) for the caller to name it.
  const json = parseStrictJson(raw);
  if (!json || typeof json !== 'object') return null;
  const { id, type, occurredAt, data } = json as Record<string, unknown>;
  if (typeof id !== 'string' || !id || id.length > 100) return null;
  if (typeof type !== 'string' || !type || type.length > 60) return null;
  if (typeof occurredAt !== 'string' || Number.isNaN(Date.parse(occurredAt))) return null;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  // No NUL or lone surrogate anywhere: PostgreSQL keeps neither (docs/conventions.md, the order of checks).
  if (findUnreadable(json, 'body')) return null;
  return { id, type, occurredAt, data: data as Record<string, unknown> };
}

export class PartnerWebhooks {
  private readonly db: Db;
  private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now: () => number = Date.now;

  constructor(db: Db, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
    this.db = db;
    this.log = log;
  }

  /** One delivery: verified, taken once, handled; a handler that throws lets the partner deliver again. */
  async receive(
    party: string,
    key: string,
    raw: string,
    headers: { timestamp?: string; signature?: string },
    handle: EventHandler,
  ): Promise<WebhookOutcome> {
    const verdict = verifySigned(key, headers, raw, this.now());
    if (verdict !== 'ok') {
      // The body is not logged: it came from nobody we know.
      this.log.warn({ party, verdict, bytes: raw.length }, 'partner webhook refused: nothing changed');
      return { status: 401, outcome: verdict };
    }
    let event: PartnerEvent | null;
    try {
      event = parseEvent(raw);
    } catch (error) {
      if (!(error instanceof StrictJsonError)) throw error;
      if (error.duplicate) {
        this.log.warn(
          { party, key: error.duplicate.key.slice(0, 60), path: error.duplicate.path.slice(0, 200) },
          'partner webhook with a duplicated key: nothing changed',
        );
        return { status: 400, outcome: 'duplicated-key' };
      }
      event = null;
    }
    if (!event) {
      this.log.warn({ party, bytes: raw.length }, 'partner webhook malformed: nothing changed');
      return { status: 400, outcome: 'malformed' };
    }
    const reference = typeof event.data.reference === 'string' ? event.data.reference.slice(0, 200) : null;
    const taken = await queryRows(
      this.db,
      sql`INSERT INTO ${partnerWebhookEvents} (party, event_id, type, reference, data, outcome)
          VALUES (${party}, ${event.id}, ${event.type}, ${reference}, ${JSON.stringify(event.data)}::jsonb, 'handling')
          ON CONFLICT (party, event_id) DO NOTHING RETURNING event_id`,
    );
    if (!taken.length) return { status: 200, outcome: 'duplicate' };
    try {
      const outcome = await handle(event);
      await this.db
        .update(partnerWebhookEvents)
        .set({ outcome })
        .where(and(eq(partnerWebhookEvents.party, party), eq(partnerWebhookEvents.eventId, event.id)));
      return { status: 200, outcome };
    } catch (error) {
      if (error instanceof RefusedEvent) {
        await this.db
          .delete(partnerWebhookEvents)
          .where(and(eq(partnerWebhookEvents.party, party), eq(partnerWebhookEvents.eventId, event.id)));
        this.log.warn(
          { party, event: event.id, type: event.type, reference, outcome: error.outcome },
          'partner webhook refused for good: nothing changed',
        );
        return { status: error.status, outcome: error.outcome };
      }
      // A catalogue refusal (no such application, a state that cannot move) is the shop's answer:
      // kept, and not delivered again.
      if (error instanceof AppError) {
        const outcome = `refused: ${error.code}`;
        await this.db
          .update(partnerWebhookEvents)
          .set({ outcome })
          .where(and(eq(partnerWebhookEvents.party, party), eq(partnerWebhookEvents.eventId, event.id)));
        return { status: 200, outcome };
      }
      await this.db
        .delete(partnerWebhookEvents)
        .where(and(eq(partnerWebhookEvents.party, party), eq(partnerWebhookEvents.eventId, event.id)));
      // The database's words, not the statement a query error carries with its values.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
      this.log.error({ party, event: event.id, type: event.type, err: cause.message }, 'partner webhook failed');
      return { status: 503, outcome: 'failed' };
    }
  }
}

/** The events taken from a party, newest first (tests, the console). */
export async function receivedEvents(db: Db, party: string, limit = 50) {
  return db
    .select()
    .from(partnerWebhookEvents)
    .where(eq(partnerWebhookEvents.party, party))
    .orderBy(desc(partnerWebhookEvents.receivedAt))
    .limit(limit);
}

/**
 * The webhook's route: the body kept as text for its signature (the scope's own JSON parser); the
 * answer signed with the party's key, as every answer of the documents is.
 */
export function webhookRoute(
  app: FastifyInstance,
  party: string,
  key: string,
  receive: (raw: string, headers: { timestamp?: string; signature?: string }) => Promise<WebhookOutcome>,
) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.post(webhookPath(party), { config: { rateLimit: false } }, async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const answer = await receive(typeof request.body === 'string' ? request.body : '', {
        timestamp: header(TIMESTAMP_HEADER),
        signature: header(SIGNATURE_HEADER),
      });
      const body = JSON.stringify({ outcome: answer.outcome });
      return reply
        .status(answer.status)
        .headers({ 'content-type': 'application/json', ...signedHeaders(key, body) })
        .send(body);
    });
  });
}
