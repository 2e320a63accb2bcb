// The overseas source over HTTP: the buying agent's API the shop publishes
// (docs/partners/overseas-source.yaml), signed with OVERSEAS_SOURCE_KEY; a purchase under the
// shop's reference as its idempotency key; its parcel.moved webhook handed to whoever keeps the
// overseas orders (`parcelsTo`).
import { PartnerClient, PartnerError, type PartnerSettings } from '../../platform/partner-http/client.ts';
import type { PartnerEvent } from '../../platform/partner-http/webhooks.ts';
import {
  type Channel,
  type OverseasSource,
  type ParcelSink,
  type PurchaseOutcome,
  type PurchaseRequest,
  type SearchInput,
  type SourceCard,
  type SourceCategory,
  type SourcePage,
  type SourceProduct,
  type SourceReportLine,
  type SourceShop,
  SourceUnavailableError,
} from './source.ts';

const PARCEL_STATES = ['WAREHOUSE', 'FREIGHT', 'ARRIVED', 'DELIVERED'] as const;

export class HttpOverseasSource implements OverseasSource {
  readonly name = 'http';
  readonly client: PartnerClient;
  private sink: ParcelSink | undefined;

  constructor(settings: PartnerSettings) {
    this.client = new PartnerClient('overseas source', settings);
  }

  parcelsTo(sink: ParcelSink) {
    this.sink = sink;
  }

  /** A read: anything but an answer is "the source is unavailable" (the cache serves what it kept). */
  private async read<T>(path: string, missingIsNull = false): Promise<T> {
    try {
      return (await this.client.call<T>('GET', path, { missingIsNull })).json;
    } catch (error) {
      throw new SourceUnavailableError((error as Error).message);
    }
  }

  private at(channel: Channel, rest: string, query: Record<string, string | number | undefined> = {}) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') q.set(k, String(v));
    const text = q.toString();
    return `/channels/${channel}${rest}${text ? `?${text}` : ''}`;
  }

  async categories(channel: Channel): Promise<SourceCategory[]> {
    return (await this.read<{ list: SourceCategory[] }>(this.at(channel, '/categories'))).list;
  }

  search(input: SearchInput): Promise<SourcePage> {
    const { channel, keyword, categoryId, shopId, sort, page, size } = input;
    return this.read(this.at(channel, '/products', { keyword, categoryId, shopId, sort, page, size }));
  }

  async hot(channel: Channel, size: number): Promise<SourceCard[]> {
    return (await this.read<{ list: SourceCard[] }>(this.at(channel, '/hot', { size }))).list;
  }

  recommend(channel: Channel, page: number, size: number): Promise<SourcePage> {
    return this.read(this.at(channel, '/recommended', { page, size }));
  }

  product(channel: Channel, id: string): Promise<SourceProduct | null> {
    return this.read(this.at(channel, `/products/${encodeURIComponent(id)}`), true);
  }

  async similar(channel: Channel, id: string, size: number): Promise<SourceCard[]> {
    return (
      await this.read<{ list: SourceCard[] }>(this.at(channel, `/products/${encodeURIComponent(id)}/similar`, { size }))
    ).list;
  }

  shop(channel: Channel, shopId: string): Promise<SourceShop | null> {
    return this.read(this.at(channel, `/shops/${encodeURIComponent(shopId)}`), true);
  }

  async searchByPicture(channel: Channel, picture: Buffer, size: number): Promise<SourceCard[]> {
    try {
      const { json } = await this.client.call<{ list: SourceCard[] }>('POST', this.at(channel, '/picture-search'), {
        body: { pictureBase64: picture.toString('base64'), size },
      });
      return json.list;
    } catch (error) {
      throw new SourceUnavailableError((error as Error).message);
    }
  }

  /** Throws when no usable answer came: the buy job asks again with the same reference. */
  async purchase(request: PurchaseRequest): Promise<PurchaseOutcome> {
    let json: { status: string; sourceOrderNo?: string; paidFen?: number; reason?: string };
    try {
      ({ json } = await this.client.call<typeof json>('POST', '/purchases', {
        body: request,
        idempotencyKey: request.reference,
      }));
    } catch (error) {
      throw new SourceUnavailableError((error as Error).message);
    }
    if (json.status === 'BOUGHT' && json.sourceOrderNo)
      return { status: 'BOUGHT', sourceOrderNo: json.sourceOrderNo, paidFen: json.paidFen ?? 0 };
    if (
      json.status === 'REFUSED' &&
      (json.reason === 'GONE' || json.reason === 'NO_STOCK' || json.reason === 'SELLER_REFUSED')
    )
      return { status: 'REFUSED', reason: json.reason };
    throw new SourceUnavailableError(
      new PartnerError('overseas source', 'no-answer', `purchase ${request.reference} answered without a known status`)
        .message,
    );
  }

  async report(day: string): Promise<SourceReportLine[]> {
    const { json } = await this.client.call<{ lines: SourceReportLine[] }>(
      'GET',
      `/reports/transactions?date=${encodeURIComponent(day)}`,
    );
    return json.lines.map((l) => ({
      reference: l.reference,
      status: l.status,
      sourceOrderNo: l.sourceOrderNo ?? null,
      amountFen: l.amountFen,
    }));
  }

  /** parcel.moved: the order moves on (once per state; a move its state does not allow is ignored). */
  async handle(event: PartnerEvent): Promise<string> {
    if (event.type !== 'parcel.moved') return `ignored: ${event.type.slice(0, 40)}`;
    const { reference, sourceOrderNo, status, note } = event.data;
    if (typeof sourceOrderNo !== 'string' || !PARCEL_STATES.includes(status as (typeof PARCEL_STATES)[number]))
      return 'ignored: not a parcel move';
    if (!this.sink) return 'ignored: nobody keeps overseas orders';
    // The sink refuses a purchase the shop never made (unknownReference: 422).
    return this.sink(
      typeof reference === 'string' ? reference.slice(0, 200) : '',
      sourceOrderNo,
      status as (typeof PARCEL_STATES)[number],
      typeof note === 'string' ? note.slice(0, 200) : null,
    );
  }
}
