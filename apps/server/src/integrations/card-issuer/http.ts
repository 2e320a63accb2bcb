// The card issuer over HTTP: the API the shop publishes for its issuer (docs/partners/card-issuer.yaml),
// signed with CARD_ISSUER_KEY, every write under an idempotency key, its webhooks (card issued or
// refused) handed to whoever keeps the card applications (`reportOutcomesTo`).
import { PartnerClient, PartnerError, type PartnerSettings } from '../../platform/partner-http/client.ts';
import type { PartnerEvent } from '../../platform/partner-http/webhooks.ts';
import {
  type CardIssuer,
  CardIssuingLater,
  type CardOutcomeSink,
  type CreditOutcome,
  type IssuedCard,
  type IssuerReportLine,
} from './issuer.ts';

/** A card as the document's `Card` schema gives it. */
type WireCard = {
  reference: string;
  cardRef: string;
  last4: string;
  expiry: string;
  activated: boolean;
  balanceCents: number;
};

const mask = (last4: string) => `•••• •••• •••• ${last4}`;
const asIssued = (c: WireCard): IssuedCard => ({
  cardRef: c.cardRef,
  maskedNumber: mask(c.last4),
  expiry: c.expiry,
  activated: c.activated,
});

export class HttpCardIssuer implements CardIssuer {
  readonly name = 'http';
  readonly available = true;
  readonly client: PartnerClient;
  private sink: CardOutcomeSink | undefined;

  constructor(settings: PartnerSettings) {
    this.client = new PartnerClient('card issuer', settings);
  }

  reportOutcomesTo(sink: CardOutcomeSink) {
    this.sink = sink;
  }

  /** 201: issued; 202: the issuer issues later (card.issued), so the caller is told to ask again then. */
  async issue(request: { reference: string; holderName: string }): Promise<IssuedCard> {
    const answer = await this.client.call<WireCard | { status: 'PENDING' }>('POST', '/cards', {
      body: { reference: request.reference, holderName: request.holderName },
      idempotencyKey: request.reference,
    });
    if (answer.status === 201 && 'cardRef' in answer.json) return asIssued(answer.json);
    if (answer.status === 202) throw new CardIssuingLater(request.reference);
    throw new PartnerError(
      'card issuer',
      'no-answer',
      `the card issuer answered card ${request.reference} with ${answer.status} and no card`,
      { status: answer.status },
    );
  }

  async activate(cardRef: string, last4: string): Promise<{ ok: boolean }> {
    try {
      await this.client.call('POST', `/cards/${encodeURIComponent(cardRef)}/activation`, {
        body: { last4 },
        idempotencyKey: `activate:${cardRef}:${last4}`,
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof PartnerError && error.kind === 'refused' && error.code === 'LAST4_MISMATCH')
        return { ok: false };
      throw error;
    }
  }

  async card(cardRef: string) {
    const { json } = await this.client.call<WireCard | null>('GET', `/cards/${encodeURIComponent(cardRef)}`, {
      missingIsNull: true,
    });
    return json ? { ...asIssued(json), balanceCents: json.balanceCents } : null;
  }

  async credit(request: { reference: string; cardRef: string; amountCents: number }): Promise<CreditOutcome> {
    const { json } = await this.client.call<{ status: 'SUCCESS' | 'FAILED'; message?: string | null }>(
      'POST',
      `/cards/${encodeURIComponent(request.cardRef)}/credits`,
      {
        body: { reference: request.reference, amountCents: request.amountCents, currency: 'USD' },
        idempotencyKey: request.reference,
      },
    );
    if (json?.status !== 'SUCCESS' && json?.status !== 'FAILED')
      throw new PartnerError(
        'card issuer',
        'no-answer',
        `the card issuer answered credit ${request.reference} without a status`,
      );
    return {
      status: json.status,
      message: json.status === 'FAILED' ? (json.message ?? 'refused by the card issuer') : null,
    };
  }

  async report(day: string): Promise<IssuerReportLine[]> {
    const { json } = await this.client.call<{ lines: IssuerReportLine[] }>(
      'GET',
      `/reports/transactions?date=${encodeURIComponent(day)}`,
    );
    return json.lines.map((l) => ({ reference: l.reference, status: l.status, amountCents: l.amountCents }));
  }

  /** A webhook: card.issued or card.refused, for a card that was answered 202. */
  async handle(event: PartnerEvent): Promise<string> {
    const reference = typeof event.data.reference === 'string' ? event.data.reference : null;
    if (!reference) return 'ignored: no reference';
    if (!this.sink) return 'ignored: nobody keeps card applications';
    if (event.type === 'card.issued') return this.sink.issued(reference);
    if (event.type === 'card.refused')
      return this.sink.refused(reference, typeof event.data.reason === 'string' ? event.data.reason : 'refused');
    return `ignored: ${event.type.slice(0, 40)}`;
  }
}
