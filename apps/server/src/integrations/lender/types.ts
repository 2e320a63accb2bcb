// What the shop and a lender say to each other (the `Lender` interface's words), apart from the
// adapters so the simulators and the interface can share them.
import type { Applicant, InstallmentCount, LoanAccount } from '@shop/contracts';

/** An application as the lender is sent it; `reference` is the shop's (the same one twice is one). */
export type LenderApplication = {
  reference: string;
  nationalId: string;
  fullName: string;
  amountCents: number;
  installments: InstallmentCount;
  /** Loans this person repaid in full with the shop (a later loan is decided by the rules). */
  repaidLoans: number;
  applicant: Applicant;
  /** The application's other data (spec §3), passed on as the shopper gave it. */
  data: Record<string, unknown>;
  /** The documents of spec §3 (ID card, face picture, …): a real lender is sent their bytes. */
  documents?: LenderPicture[];
  /** The application day, yyyy-mm-dd in Asia/Phnom_Penh. */
  today: string;
};

/** A picture the lender is given: its kind, the shop's id of it, and its bytes when the adapter sends them. */
export type LenderPicture = { kind: string; id: string; bytes(): Promise<Buffer> };

/** A car loan (yingxin) as the lender is sent it; `reference` is the shop's (the same one twice is one). */
export type LenderCarApplication = {
  reference: string;
  nationalId: string;
  fullName: string;
  amountCents: number;
  termMonths: number;
  applicant: Applicant;
  /** The borrower's page, the car's page and the shopper's phone, as given. */
  data: Record<string, unknown>;
  /** The car's value as the shopper estimated it (the lender checks it on inspection). */
  carValueCents: number;
  /** Pictures of the car and its papers. */
  pictures: LenderPicture[];
  /** The application day, yyyy-mm-dd in Asia/Phnom_Penh. */
  today: string;
};

export type LenderDecision = {
  reference: string;
  status: 'PENDING' | 'APPROVED' | 'REFUSED';
  /** A first application waits for a person's review (promised by `reviewBy`). */
  review: boolean;
  reviewBy: Date | null;
  approvedCents: number | null;
  /** A catalogue code (LOAN000x) or the reviewer's words. */
  reason: string | null;
  decidedAt: Date | null;
};

export type ExtensionRequest = { reference: string; loanReference: string; feeCents: number; account: LoanAccount };

export type ExtensionAnswer = {
  reference: string;
  status: 'PENDING' | 'ACCEPTED' | 'REFUSED';
  reason: string | null;
  decidedAt: Date | null;
};
