/**
 * Fees paid by UPI: the fee an enrolment into a batch owes, the `upi://pay` link that asks a UPI app
 * for it, a request's payments and balance, and the receipts' numbering. Money is whole paise everywhere (the API
 * included); the UPI link alone says rupees, as NPCI's format wants. Plain and zod-free: the server, the admin
 * and the tests share it.
 */
import { utcToIstDay } from './ist.ts';

/** A stored item or a plain object: only the named fields are read. */
type Fields = Readonly<Record<string, unknown>>;

/** The batch fields that set its fee. */
export interface FeeBatch {
  readonly [field: string]: unknown;
  readonly feeOverride?: unknown;
  readonly earlyBirdFee?: unknown;
  readonly earlyBirdUntil?: unknown;
}

const paiseOf = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;

/**
 * What an enrolment into the batch owes on the IST day `today` (YYYY-MM-DD): its early-bird fee up to and
 * including the early-bird's last day, else the batch's own fee, else the course's; null when none is set.
 */
export function feeDue(batch: FeeBatch, course: Fields, today: string): number | null {
  const earlyBird = paiseOf(batch.earlyBirdFee);
  const lastDay = utcToIstDay(batch.earlyBirdUntil);
  if (earlyBird !== null && lastDay !== '' && today <= lastDay) return earlyBird;
  return paiseOf(batch.feeOverride) ?? paiseOf(course.fee);
}

/** Paise as the `am` of a UPI link: rupees with two decimals ('25000.00'). */
export const upiAmount = (paise: number) =>
  `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/**
 * The link a phone's UPI apps open to pay `paise` to the payee, with the enrolment's reference as the note the
 * payer's bank statement and ours both show (NPCI's UPI linking specification: pa, pn, am, cu, tn). With a
 * merchant category code it is a merchant payment: `mc` carries the code and `tr` the transaction reference the
 * merchant makes, unique per enrolment, which the specification requires whenever `mc` is present. Without one it
 * stays a person-to-person request (no `mc`, no `tr`).
 */
export function upiLink(payment: {
  vpa: string;
  payee: string;
  paise: number;
  reference: string;
  merchant?: { code: string; transactionRef: string } | null;
}): string {
  const merchant = payment.merchant
    ? [
        ['mc', payment.merchant.code],
        ['tr', payment.merchant.transactionRef],
      ]
    : [];
  const query = [
    ['pa', payment.vpa],
    ['pn', payment.payee],
    ...merchant,
    ['am', upiAmount(payment.paise)],
    ['cu', 'INR'],
    ['tn', payment.reference],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
    .join('&');
  return `upi://pay?${query}`;
}

/** A payment received, or money given back. */
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** One entry of a request's payment history (`payments`, oldest first). */
export interface PaymentEntry {
  id: string;
  kind: PaymentKind;
  /** Whole paise, always positive: a refund's kind says it goes back. */
  amount: number;
  /** The UPI transaction reference (UTR) the payer's app or the bank statement shows. */
  upiRef: string;
  /** The IST day it was paid, stored as the UTC instant of its IST midnight. */
  paidOn: string;
  recordedAt: string;
  recordedBy: string;
  /** The receipt issued for a payment (`RCPT/2026-27/0001`); a refund has none. */
  receipt?: string;
  /** An owner's reason for a back-dated day (before the enrolment, or in a closed financial year). */
  reason?: string;
}

export const paymentsOf = (request: Fields): PaymentEntry[] =>
  Array.isArray(request.payments) ? (request.payments as PaymentEntry[]) : [];

/** A UTR as compared: upper case, so one typed in lower case is still the same payment. */
export const upiRefKey = (upiRef: string) => upiRef.toUpperCase();

export interface Balance {
  /** What the enrolment owes (stored when it was made), null when its batch had no fee. */
  fee: number | null;
  /** Payments less refunds. */
  paid: number;
  /** What is still owed (never below 0), null without a fee. */
  due: number | null;
  /** Paid in full: the whole fee, or (without a fee) anything at all. */
  settled: boolean;
}

export function balanceOf(request: Fields): Balance {
  const fee = paiseOf(request.fee);
  const paid = paymentsOf(request).reduce(
    (sum, entry) => sum + (entry.kind === 'refund' ? -entry.amount : entry.amount),
    0,
  );
  return {
    fee,
    paid,
    due: fee === null ? null : Math.max(0, fee - paid),
    settled: fee === null ? paid > 0 : paid >= fee,
  };
}

/** The Indian financial year (April to March) an IST day falls in: '2026-11-26' → '2026-27'. */
export function financialYear(istDay: string): string {
  const year = Number(istDay.slice(0, 4));
  const month = Number(istDay.slice(5, 7));
  const first = month >= 4 ? year : year - 1;
  return `${first}-${String((first + 1) % 100).padStart(2, '0')}`;
}

/** A receipt's number: `RCPT/2026-27/0001`, counted per financial year. */
export const receiptNumber = (year: string, count: number) =>
  `RCPT/${year}/${String(count).padStart(4, '0')}`;

/** The financial year a receipt number was issued in ("2026-27" of RCPT/2026-27/0091), or null. */
export const receiptYear = (receipt: unknown): string | null =>
  typeof receipt === 'string' ? (/^RCPT\/([^/]+)\/\d+$/.exec(receipt)?.[1] ?? null) : null;
