import { hmacHex, safeEqual } from '../../platform/crypto.ts';

/** A parcel the shop hands to a carrier. */
export type Shipment = { orderNo: string; company: string; waybillNo: string; destination: string };

/** One tracking event as the carrier reports it on the callback (`POST /v1/logistics/carrier/callback`). */
export type CarrierEvent = {
  /** The carrier's own id of the event: the same id twice is one event. */
  eventId: string;
  waybillNo: string;
  status: 'PICKED_UP' | 'IN_TRANSIT' | 'OUT_FOR_DELIVERY' | 'DELIVERED' | 'EXCEPTION';
  description: string;
  location: string | null;
  /** ISO time the event happened at the carrier. */
  at: string;
};

/** A carrier: the one thing the shop tells it is a new parcel; its events come back on the callback. */
export interface Carrier {
  readonly name: 'simulator' | 'http' | 'none';
  /** Registers the waybill with the carrier; throws on failure so the registration job retries. */
  register(shipment: Shipment): Promise<void>;
}

/**
 * Callback signature: hex HMAC-SHA256 with `CARRIER_SECRET` over `<timestamp>.<raw body>`, sent in
 * `x-carrier-signature` with the timestamp (milliseconds) in `x-carrier-timestamp`.
 */
export function signCarrierCallback(secret: string, timestamp: string, rawBody: string): string {
  return hmacHex(secret, `${timestamp}.${rawBody}`);
}

/** A signed callback older or newer than this is refused (a replayed capture). */
export const CALLBACK_TOLERANCE_MS = 15 * 60 * 1000;

export function verifyCarrierCallback(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: string,
  now = Date.now(),
): boolean {
  const { timestamp, signature } = headers;
  if (!secret || !timestamp || !signature || !/^\d{1,15}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > CALLBACK_TOLERANCE_MS) return false;
  return safeEqual(signature, signCarrierCallback(secret, timestamp, rawBody));
}

/**
 * The journey of a parcel at the local stand-in carrier (DESIGN §7): picked up at the shop's
 * warehouse, through the Phnom Penh sorting centre, out for delivery, delivered. Event `n` happens
 * `n` steps after shipping.
 */
export function simulatedJourney(shipment: Shipment): Omit<CarrierEvent, 'eventId' | 'waybillNo' | 'at'>[] {
  return [
    {
      status: 'PICKED_UP',
      description: `${shipment.company} picked up the parcel at the Angkor Mall warehouse`,
      location: 'Russey Keo, Phnom Penh',
    },
    {
      status: 'IN_TRANSIT',
      description: 'Arrived at the sorting centre',
      location: 'Phnom Penh Sorting Centre, Chbar Ampov',
    },
    {
      status: 'IN_TRANSIT',
      description: 'Left the sorting centre for the delivery branch',
      location: 'Phnom Penh Sorting Centre, Chbar Ampov',
    },
    { status: 'OUT_FOR_DELIVERY', description: 'Out for delivery with the courier', location: shipment.destination },
    { status: 'DELIVERED', description: 'Delivered to the receiver', location: shipment.destination },
  ];
}

/**
 * The local stand-in carrier: registering a parcel schedules its journey as durable jobs, one every
 * `stepMinutes`; each job calls the shop's callback, signed, as the real carrier would.
 */
export class SimulatedCarrier implements Carrier {
  readonly name = 'simulator' as const;
  private readonly stepMinutes: number;
  private readonly schedule: (waybillNo: string, step: number, at: Date) => Promise<void>;
  private readonly now: () => number;

  constructor(options: {
    stepMinutes: number;
    schedule: (waybillNo: string, step: number, at: Date) => Promise<void>;
    now?: () => number;
  }) {
    this.stepMinutes = options.stepMinutes;
    this.schedule = options.schedule;
    this.now = options.now ?? Date.now;
  }

  async register(shipment: Shipment): Promise<void> {
    const start = this.now();
    const steps = simulatedJourney(shipment).length;
    for (let step = 0; step < steps; step++)
      await this.schedule(shipment.waybillNo, step, new Date(start + (step + 1) * this.stepMinutes * 60_000));
  }
}

/**
 * A real carrier's API (`CARRIER_URL`): POST JSON `{ waybillNo, company, orderNo, destination,
 * callbackUrl }` with a bearer token; any 2xx means registered, anything else throws so the job retries.
 */
export class HttpCarrier implements Carrier {
  readonly name = 'http' as const;
  private readonly url: string;
  private readonly token: string | undefined;
  private readonly callbackUrl: string | undefined;
  private readonly timeoutMs: number;

  constructor(options: { url: string; token?: string; callbackUrl?: string; timeoutMs?: number }) {
    this.url = options.url;
    this.token = options.token;
    this.callbackUrl = options.callbackUrl;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async register(shipment: Shipment): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        'idempotency-key': `waybill-${shipment.waybillNo}`,
      },
      body: JSON.stringify({ ...shipment, callbackUrl: this.callbackUrl }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new Error(`carrier answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
    }
  }
}

/** No carrier integration: staff enter the tracking events in the console. */
export class NoCarrier implements Carrier {
  readonly name = 'none' as const;
  async register(): Promise<void> {}
}
