import { eq } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { findUnreadable } from '../../platform/input-text.ts';
import type { JobDefinition, JobRunner } from '../../platform/jobs.ts';
import {
  type Carrier,
  type CarrierEvent,
  HttpCarrier,
  NoCarrier,
  type Shipment,
  SimulatedCarrier,
  signCarrierCallback,
  simulatedJourney,
  verifyCarrierCallback,
} from './carrier.ts';
import { carrierShipments } from './tables.ts';

export const CARRIER_REGISTER_JOB = 'carrier.register';
export const CARRIER_SIM_EVENT_JOB = 'carrier.sim-event';
export const CARRIER_CALLBACK_PATH = '/v1/logistics/carrier/callback';

/** Where a carrier event is recorded: the orders module's timeline (idempotent on the key). */
export type TrackingSink = (
  orderId: string,
  event: { key: string; status: string; description: string; location?: string; at: Date },
) => Promise<boolean>;

/** The body of a carrier callback. */
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const callbackBody = z.object({
  eventId: text(100),
  waybillNo: text(40),
  status: z.enum(['PICKED_UP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION']),
  description: text(500),
  location: z.nullish(z.string().check(z.trim(), z.maxLength(200))),
  at: z.iso.datetime({ offset: true }),
});

export type CallbackOutcome = 'recorded' | 'duplicate' | 'forged' | 'malformed' | 'unknown-waybill';

/**
 * The carrier integration: a shipped order's waybill is registered with the carrier by a durable
 * job, and the carrier's tracking events come back on a signed callback that lands in the order's
 * timeline, once per event.
 */
export class CarrierService {
  private readonly db: Db;
  private readonly jobs: JobRunner;
  private readonly secret: string;
  readonly carrier: Carrier;
  /** Set at start by the module that keeps orders' timelines (`recordTrackingWith`). */
  private record: TrackingSink | undefined;
  /** How the simulator's events reach the callback: over HTTP into this app (routes.ts). */
  deliver: ((rawBody: string, headers: Record<string, string>) => Promise<{ ok: boolean }>) | undefined;

  constructor(db: Db, jobs: JobRunner, config: Config['carrier'] & { publicUrl?: string }) {
    this.db = db;
    this.jobs = jobs;
    this.secret = config.secret;
    this.carrier =
      config.mode === 'simulator'
        ? new SimulatedCarrier({
            stepMinutes: config.simStepMinutes,
            schedule: async (waybillNo, step, at) => {
              await this.jobs.enqueue(
                CARRIER_SIM_EVENT_JOB,
                { waybillNo, step, at: at.toISOString() },
                { runAt: at, dedupeKey: `carrier-sim:${waybillNo}:${step}`, maxAttempts: 10 },
              );
            },
          })
        : config.mode === 'http' && config.url
          ? new HttpCarrier({
              url: config.url,
              token: config.token,
              callbackUrl: config.publicUrl ? new URL(CARRIER_CALLBACK_PATH, config.publicUrl).toString() : undefined,
            })
          : new NoCarrier();
  }

  /** Called in the shipping transaction: the parcel is registered with the carrier once the move commits. */
  async shipped(orderId: string, shipment: Shipment, db: Db = this.db): Promise<void> {
    const added = await db
      .insert(carrierShipments)
      .values({ orderId, ...shipment, provider: this.carrier.name })
      .onConflictDoNothing()
      .returning({ id: carrierShipments.id });
    // A waybill names one parcel: the carrier's events must not land on another order's timeline.
    if (added.length === 0) {
      const [taken] = await db
        .select({ orderId: carrierShipments.orderId })
        .from(carrierShipments)
        .where(eq(carrierShipments.waybillNo, shipment.waybillNo));
      if (taken && taken.orderId !== orderId) throw new AppError('ORD0019');
    }
    await this.jobs.enqueue(
      CARRIER_REGISTER_JOB,
      { waybillNo: shipment.waybillNo },
      { dedupeKey: `carrier-register:${shipment.waybillNo}`, maxAttempts: 8 },
      db,
    );
  }

  /** Job: tells the carrier of the parcel. Throws on failure so the job runner retries. */
  async register(waybillNo: string): Promise<void> {
    const row = await this.shipment(waybillNo);
    if (row?.status !== 'registering') return;
    try {
      await this.carrier.register(this.asShipment(row));
      await this.db
        .update(carrierShipments)
        .set({ status: 'registered', registeredAt: new Date(), lastError: null })
        .where(eq(carrierShipments.id, row.id));
    } catch (error) {
      await this.db
        .update(carrierShipments)
        .set({ lastError: error instanceof Error ? error.message : String(error) })
        .where(eq(carrierShipments.id, row.id));
      throw error;
    }
  }

  /** Job (simulator): the carrier reports step `step` of the parcel's journey on the signed callback. */
  async sendSimulatedEvent(payload: { waybillNo: string; step: number; at: string }): Promise<void> {
    const row = await this.shipment(payload.waybillNo);
    if (!row) return;
    const journey = simulatedJourney(this.asShipment(row));
    const step = journey[payload.step];
    if (!step) return;
    const event: CarrierEvent = {
      eventId: `SIM-${row.waybillNo}-${payload.step + 1}`,
      waybillNo: row.waybillNo,
      ...step,
      at: payload.at,
    };
    const rawBody = JSON.stringify(event);
    const timestamp = String(Date.now());
    if (!this.deliver) throw new Error('carrier callback delivery not wired');
    const { ok } = await this.deliver(rawBody, {
      'x-carrier-timestamp': timestamp,
      'x-carrier-signature': signCarrierCallback(this.secret, timestamp, rawBody),
    });
    if (!ok) throw new Error('carrier callback not acknowledged');
  }

  /** The callback: a signed event of a known waybill is added to the order's timeline, once. */
  async receiveCallback(
    rawBody: string,
    headers: { timestamp: string | undefined; signature: string | undefined },
  ): Promise<CallbackOutcome> {
    if (!verifyCarrierCallback(this.secret, headers, rawBody)) return 'forged';
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return 'malformed';
    }
    // The body is kept as text (its signature covers the bytes), so the platform's text rule
    // (platform/input-text.ts) is applied here: a NUL escaped in the JSON is malformed too.
    if (findUnreadable(parsed, 'body')) return 'malformed';
    const body = callbackBody.safeParse(parsed);
    if (!body.success) return 'malformed';
    const row = await this.shipment(body.data.waybillNo);
    if (!row) return 'unknown-waybill';
    if (!this.record) throw new Error('carrier: no tracking sink (the orders module sets it at start)');
    const added = await this.record(row.orderId, {
      key: `carrier:${body.data.eventId}`,
      status: body.data.status,
      description: body.data.description,
      location: body.data.location ?? undefined,
      at: new Date(body.data.at),
    });
    return added ? 'recorded' : 'duplicate';
  }

  /** Where tracking events land: the integration knows no module, so the orders module tells it. */
  recordTrackingWith(sink: TrackingSink): void {
    this.record = sink;
  }

  async shipment(waybillNo: string) {
    const [row] = await this.db
      .select()
      .from(carrierShipments)
      .where(eq(carrierShipments.waybillNo, waybillNo))
      .limit(1);
    return row;
  }

  jobDefinitions(): JobDefinition[] {
    return [
      { name: CARRIER_REGISTER_JOB, handler: async (payload) => this.register(String(payload.waybillNo)) },
      {
        name: CARRIER_SIM_EVENT_JOB,
        handler: async (payload) =>
          this.sendSimulatedEvent({
            waybillNo: String(payload.waybillNo),
            step: Number(payload.step),
            at: String(payload.at),
          }),
      },
    ];
  }

  private asShipment(row: typeof carrierShipments.$inferSelect): Shipment {
    return { orderNo: row.orderNo, company: row.company, waybillNo: row.waybillNo, destination: row.destination };
  }
}
