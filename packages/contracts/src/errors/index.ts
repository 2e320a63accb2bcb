import type { Language } from '../i18n.ts';
import { accountErrors } from './accounts.ts';
import { addressErrors } from './addresses.ts';
import { bongloyErrors } from './bongloy.ts';
import { campaignErrors } from './campaigns.ts';
import { catalogueErrors } from './catalogue.ts';
import { contentErrors } from './content.ts';
import { couponErrors } from './coupons.ts';
import { currencyErrors } from './currency.ts';
import { giftcardErrors } from './giftcards.ts';
import { invitationErrors } from './invitations.ts';
import { loanErrors } from './loans.ts';
import { notificationErrors } from './notifications.ts';
import { orderErrors } from './orders.ts';
import { overseasErrors } from './overseas.ts';
import { partnerErrors } from './partners.ts';
import { paymentErrors } from './payments.ts';
import { platformErrors } from './platform.ts';
import { staffErrors } from './staff.ts';
import { topupErrors } from './topup.ts';
import type { ErrorEntry } from './types.ts';
import { uploadErrors } from './uploads.ts';
import { valuationErrors } from './valuation.ts';
import { walletErrors } from './wallet.ts';
import { carLoanErrors } from './yingxin.ts';

export { type InputIssue, inputIssueText } from './input-issues.ts';
export { INVALID_INPUT_CODE, NOT_FOUND_CODES } from './missing.ts';
export type { ErrorEntry } from './types.ts';

/**
 * The one error catalogue. Each area keeps its codes in a file of its own; they meet here.
 * A code is stable forever once shipped: clients switch on it.
 */
export const ERRORS = {
  ...platformErrors,
  ...couponErrors,
  ...addressErrors,
  ...orderErrors,
  ...paymentErrors,
  ...accountErrors,
  ...catalogueErrors,
  ...walletErrors,
  ...invitationErrors,
  ...staffErrors,
  ...topupErrors,
  ...giftcardErrors,
  ...valuationErrors,
  ...loanErrors,
  ...uploadErrors,
  ...bongloyErrors,
  ...contentErrors,
  ...overseasErrors,
  ...campaignErrors,
  ...carLoanErrors,
  ...partnerErrors,
  ...notificationErrors,
  ...currencyErrors,
} satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

/** The message of `code` in `language`, with `{name}` placeholders filled from `params`. */
export function errorMessage(
  code: ErrorCode,
  language: Language,
  params: Record<string, string | number> = {},
): string {
  const template = (ERRORS[code] as ErrorEntry)[language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function errorHttpStatus(code: ErrorCode): number {
  return (ERRORS[code] as ErrorEntry).http ?? 200;
}
