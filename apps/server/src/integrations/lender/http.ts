// The lender over HTTP: the API the shop publishes for its lender (docs/partners/lender.yaml), signed
// with LENDER_KEY, every write under the shop's reference as its idempotency key. The lender's
// webhooks (a loan decided, an extension answered) make the shop read the answer at once instead of
// at its next poll (`answersTo`: the loans module's poll).
import { PartnerClient, type PartnerSettings } from '../../platform/partner-http/client.ts';
import { type PartnerEvent, unknownReference } from '../../platform/partner-http/webhooks.ts';
import type { Lender, LenderMoney, LenderReportLine } from './lender.ts';
import type {
  ExtensionAnswer,
  ExtensionRequest,
  LenderApplication,
  LenderCarApplication,
  LenderDecision,
  LenderPicture,
} from './types.ts';

type WireDecision = Omit<LenderDecision, 'reviewBy' | 'decidedAt'> & {
  reviewBy: string | null;
  decidedAt: string | null;
};
type WireAnswer = Omit<ExtensionAnswer, 'decidedAt'> & { decidedAt: string | null };

const date = (value: string | null) => (value ? new Date(value) : null);
const asDecision = (d: WireDecision): LenderDecision => ({
  reference: d.reference,
  status: d.status,
  review: d.review,
  reviewBy: date(d.reviewBy),
  approvedCents: d.approvedCents,
  reason: d.reason,
  decidedAt: date(d.decidedAt),
});
const asAnswer = (a: WireAnswer): ExtensionAnswer => ({
  reference: a.reference,
  status: a.status,
  reason: a.reason,
  decidedAt: date(a.decidedAt),
});

async function documents(pictures: LenderPicture[] | undefined) {
  const out: { kind: string; id: string; contentBase64: string }[] = [];
  for (const p of pictures ?? [])
    out.push({ kind: p.kind, id: p.id, contentBase64: (await p.bytes()).toString('base64') });
  return out;
}

export class HttpLender implements Lender {
  readonly name = 'http';
  readonly available = true;
  /** The lender's people review in the lender's own systems, not in this console. */
  readonly reviewDesk = null;
  readonly client: PartnerClient;
  private whenAnswered: (() => Promise<string>) | undefined;
  private knows: ((reference: string) => Promise<boolean>) | undefined;

  constructor(settings: PartnerSettings) {
    this.client = new PartnerClient('lender', settings);
  }

  /** What runs when the lender says it decided or answered (the loans module's poll). */
  answersTo(run: () => Promise<string>, knows: (reference: string) => Promise<boolean>) {
    this.whenAnswered = run;
    this.knows = knows;
  }

  async submit(application: LenderApplication): Promise<LenderDecision> {
    const { json } = await this.client.call<WireDecision>('POST', '/applications', {
      idempotencyKey: application.reference,
      body: {
        reference: application.reference,
        nationalId: application.nationalId,
        fullName: application.fullName,
        amountCents: application.amountCents,
        installments: application.installments,
        repaidLoans: application.repaidLoans,
        applicant: application.applicant,
        data: application.data,
        documents: await documents(application.documents),
        today: application.today,
      },
    });
    return asDecision(json);
  }

  async decision(reference: string): Promise<LenderDecision | null> {
    const { json } = await this.client.call<WireDecision | null>(
      'GET',
      `/applications/${encodeURIComponent(reference)}`,
      {
        missingIsNull: true,
      },
    );
    return json ? asDecision(json) : null;
  }

  async requestExtension(request: ExtensionRequest): Promise<ExtensionAnswer> {
    const { json } = await this.client.call<WireAnswer>('POST', '/extensions', {
      idempotencyKey: request.reference,
      body: request,
    });
    return asAnswer(json);
  }

  async extensionAnswer(reference: string): Promise<ExtensionAnswer | null> {
    const { json } = await this.client.call<WireAnswer | null>('GET', `/extensions/${encodeURIComponent(reference)}`, {
      missingIsNull: true,
    });
    return json ? asAnswer(json) : null;
  }

  async submitCarLoan(application: LenderCarApplication): Promise<LenderDecision> {
    const { json } = await this.client.call<WireDecision>('POST', '/car-loans', {
      idempotencyKey: application.reference,
      body: {
        reference: application.reference,
        nationalId: application.nationalId,
        fullName: application.fullName,
        amountCents: application.amountCents,
        termMonths: application.termMonths,
        carValueCents: application.carValueCents,
        applicant: application.applicant,
        data: application.data,
        pictures: await documents(application.pictures),
        today: application.today,
      },
    });
    return asDecision(json);
  }

  async carLoanDecision(reference: string): Promise<LenderDecision | null> {
    const { json } = await this.client.call<WireDecision | null>('GET', `/car-loans/${encodeURIComponent(reference)}`, {
      missingIsNull: true,
    });
    return json ? asDecision(json) : null;
  }

  /** The money the shop moved for a loan, told to the lender once per reference. */
  async recordMoney(kind: 'disbursement' | 'repayment', loanReference: string, money: LenderMoney) {
    await this.client.call('POST', `/loans/${encodeURIComponent(loanReference)}/${kind}s`, {
      idempotencyKey: money.reference,
      body: { reference: money.reference, amountCents: money.amountCents, currency: 'USD', at: money.at.toISOString() },
    });
  }

  async report(day: string): Promise<LenderReportLine[]> {
    const { json } = await this.client.call<{ lines: LenderReportLine[] }>(
      'GET',
      `/reports/transactions?date=${encodeURIComponent(day)}`,
    );
    return json.lines.map((l) => ({
      reference: l.reference,
      kind: l.kind,
      amountCents: l.amountCents,
      status: l.status,
    }));
  }

  /** loan.decided, extension.answered: the shop reads the answers now. */
  async handle(event: PartnerEvent): Promise<string> {
    if (event.type !== 'loan.decided' && event.type !== 'extension.answered')
      return `ignored: ${event.type.slice(0, 40)}`;
    if (!this.whenAnswered || !this.knows) return 'ignored: nobody keeps loans';
    // Only an answer for a reference the shop made: another one is refused for good (422).
    const reference = event.data.reference;
    if (typeof reference !== 'string' || !reference || reference.length > 100 || !(await this.knows(reference)))
      throw unknownReference();
    return this.whenAnswered();
  }
}
