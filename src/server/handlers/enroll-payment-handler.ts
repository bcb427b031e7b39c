/**
 * Staff record a UPI payment (or a refund) on an enrolment request, which keeps the history, marks
 * the request paid (and `enrolled` once paid in full with a seat free in its batch, else waitlisted), numbers the payment's receipt
 * and e-mails it to the student through the outbox; and they download a payment's receipt as a PDF.
 */
import { z } from 'zod';
import { API } from '../../lib/api-messages.ts';
import { batchState, ENROLLED, WAITLISTED } from '../../lib/batches.ts';
import { contentFamilies, requestFamilies } from '../../lib/collections.ts';
import { statusOf } from '../../lib/enquiries.ts';
import {
  balanceOf,
  financialYear,
  PAYMENT_KINDS,
  paymentsOf,
  receiptNumber,
  upiRefKey,
  type PaymentEntry,
} from '../../lib/fees.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { istDayToUtc, utcToIstDay } from '../../lib/ist.ts';
import { auditAction } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { forAdmin } from '../enquiries/find.ts';
import { deliverAfterResponse, deliveryLease } from '../enquiries/outbox.ts';
import { checkPaymentDay } from '../fees/payment-date.ts';
import { queueReceiptMail, receiptDownload } from '../fees/receipt-mail.ts';
import { readJson } from '../http/body.ts';
import { conflict, HttpError, notFound, ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validate, validationFailure } from '../http/validate.ts';
import { newId } from '../repository/ids.ts';
import { everyInIndex } from '../repository/every-in-index.ts';
import { RECEIPT_YEAR_INDEX, UPI_REF_INDEX } from '../repository/indexes.ts';
import type { StoredItem } from '../repository/port.ts';
import { purgeSeatsIfHeld } from './enroll-batch.ts';
import { takeSeat, writeWithSeat } from '../seats/batch-seats.ts';

const enroll = requestFamilies.enroll;
const batches = contentFamilies.batch;

/** The most one payment may be: ₹1 crore, far above any course fee, so a slip of the keyboard is caught. */
const MAX_PAISE = 1_000_000_000;
/** A UPI transaction reference (UTR, RRN or the app's id): letters and digits. */
const UPI_REF = /^[A-Za-z0-9]{6,35}$/;
/** Long enough for the few store writes of one recording. */
const LEASE_MS = 30_000;
/** How long a recording waits for a send in progress on the same request before asking staff to try again. */
const LEASE_WAIT_MS = 8_000;
const LEASE_POLL_MS = 150;
/** A counter that never stops (the coordination counter needs a ceiling): a receipt number has four digits or more. */
const RECEIPTS_PER_YEAR = 9_999_999;

export const paymentPath = (id: string) => `${enroll.path}/${encodeURIComponent(id)}/payment`;
export const receiptPath = (id: string, paymentId?: string) =>
  `${enroll.path}/${encodeURIComponent(id)}/receipt${paymentId ? `?payment=${encodeURIComponent(paymentId)}` : ''}`;

/** `POST /api/v1/enroll/{id}/payment`: the amount in whole paise, as every money field of the API. */
const PaymentInputSchema = z.strictObject({
  amount: z
    .number({ error: API.paymentAmountInvalid })
    .int(API.paymentAmountInvalid)
    .min(1, API.paymentAmountInvalid)
    .max(MAX_PAISE, API.paymentAmountInvalid),
  upiRef: z.string({ error: API.paymentRefInvalid }).trim().regex(UPI_REF, API.paymentRefInvalid),
  paidOn: z.string({ error: API.paymentDateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, API.paymentDateInvalid),
  kind: z.enum(PAYMENT_KINDS, { error: API.paymentKindInvalid }).default('payment'),
  /** An owner's reason for a back-dated day (fees/payment-date.ts). */
  reason: z
    .string({ error: API.paymentReasonInvalid })
    .trim()
    .max(300, API.paymentReasonInvalid)
    .optional()
    .transform((value) => value || undefined),
});

export const enrollPaymentRoutes: ApiRoute[] = [
  staffRoute('POST', `${enroll.path}/:id/payment`, STAFF, ['payment', 'status-change'], record, {
    family: enroll.key,
  }),
  staffRoute('GET', `${enroll.path}/:id/receipt`, STAFF, READ, receipt, { family: enroll.key }),
];

async function record(input: StaffInput) {
  const { deps, params } = input;
  const id = params.id ?? '';
  const body = validate(PaymentInputSchema, await readJson(input.request));
  const paidOn = istDayToUtc(body.paidOn);
  const today = utcToIstDay(deps.now().toISOString());
  if (!paidOn || body.paidOn > today)
    throw new HttpError(validationFailure({ paidOn: API.paymentDateInvalid }));
  const upiRef = upiRefKey(body.upiRef);
  // One recording at a time per request and per UTR (two staff saving the same payment at once): the second is
  // told to try again, and then finds the first's entry.
  // The request's delivery lease too: a receipt joins its outbox, which a delivery must not be writing meanwhile.
  const leases = [deliveryLease(id), `payment-ref-${upiRef}`];
  const held: string[] = [];
  let answer: { response: Response; deliver: boolean };
  try {
    for (const name of leases) {
      if (!(await leaseWithin(deps, name))) return conflict(API.paymentBusy);
      held.push(name);
    }
    answer = await recordHeld(input, id, { ...body, upiRef, paidOn });
  } finally {
    for (const name of held) await deps.coordination.releaseLease(name).catch(() => undefined);
  }
  // Only once the delivery lease is free again can the receipt's delivery take it.
  if (answer.deliver) input.waitUntil(deliverAfterResponse(deps, enroll.key, id));
  return answer.response;
}

/**
 * Takes a lease, waiting a little for its holder: a receipt or acknowledgement being sent right then holds the
 * request's delivery lease for the few hundred milliseconds a send takes.
 */
export async function leaseWithin(deps: Deps, name: string): Promise<boolean> {
  const until = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    if (await deps.coordination.acquireLease(name, LEASE_MS)) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

async function recordHeld(
  input: StaffInput,
  id: string,
  body: {
    amount: number;
    upiRef: string;
    paidOn: string;
    kind: PaymentEntry['kind'];
    reason?: string | undefined;
  },
) {
  const { deps, actor } = input;
  const request = await deps.repository.get(enroll.key, id);
  if (!request) return { response: notFound(), deliver: false };
  const reason = await checkPaymentDay(deps, actor, request, utcToIstDay(body.paidOn), body.reason);
  // A UTR names one transfer: recorded on any enrolment, it never counts again (the UTR index, under its lease).
  if ((await deps.repository.countBy(enroll.key, { field: UPI_REF_INDEX, value: body.upiRef })) > 0)
    return { response: conflict(API.paymentDuplicate(body.upiRef)), deliver: false };
  const before = balanceOf(request);
  if (body.kind === 'refund' && body.amount > before.paid)
    throw new HttpError(validationFailure({ amount: API.refundTooLarge(formatPaise(before.paid)) }));

  const now = deps.now().toISOString();
  const entry: PaymentEntry = {
    id: newId(),
    kind: body.kind,
    amount: body.amount,
    upiRef: body.upiRef,
    paidOn: body.paidOn,
    recordedAt: now,
    recordedBy: actor.name,
    ...(reason ? { reason } : {}),
  };
  // The receipt's number is taken once, here, from a counter per financial year (of the day it was paid), so a
  // payment keeps its number however often its receipt is downloaded.
  if (body.kind === 'payment') {
    const year = financialYear(utcToIstDay(body.paidOn));
    entry.receipt = receiptNumber(year, await nextReceipt(deps, year));
  }
  const payments = [...paymentsOf(request), entry];
  const after = balanceOf({ fee: request.fee, payments });
  const { status, seat } = await statusAfter(deps, request, after.settled);
  const fields: Record<string, unknown> = { payments, paid: after.settled };
  if (status !== statusOf(request)) fields.status = status;
  if (entry.receipt) Object.assign(fields, queueReceiptMail(deps, request, entry));
  const result = await writeWithSeat(deps, seat, () => deps.repository.update(enroll.key, id, fields));
  if (!result) return { response: notFound(), deliver: false };
  const { item, previous } = result;
  await purgeSeatsIfHeld(deps, previous, item);
  await auditAction(input, actor, {
    action: 'payment',
    family: enroll.key,
    item,
    detail: {
      to: `${body.kind} ${formatPaise(body.amount)}${entry.receipt ? ` ${entry.receipt}` : ''}${reason ? ` (${reason})` : ''}`,
    },
  });
  if (fields.status)
    await auditAction(input, actor, {
      action: 'status-change',
      family: enroll.key,
      item,
      detail: { from: statusOf(previous), to: status },
    });
  const response = ok(forAdmin(item), {
    status: 201,
    message: body.kind === 'refund' ? API.refundRecorded : API.paymentRecorded,
    extra: { payment: entry },
  });
  return { response, deliver: fields.outbox !== undefined };
}

/**
 * The next number of the year's counter, past every number already stored: counters are not in backups, so after
 * a restore into a new store the counter first catches up with the receipts the restored requests hold (read
 * through the receipt-year index: the year's paid enrolments, not every request).
 */
async function nextReceipt(deps: Deps, year: string): Promise<number> {
  const highest = highestReceipt(
    year,
    await everyInIndex(deps.repository, enroll.key, { field: RECEIPT_YEAR_INDEX, value: year }),
  );
  for (;;) {
    const count = await deps.coordination.countUpTo(`receipt-${year}`, RECEIPTS_PER_YEAR);
    if (count === null) throw new Error(`receipt counter of ${year} is full`);
    if (count > highest) return count;
  }
}

/** The highest receipt number of the year the requests hold (0 when none). */
function highestReceipt(year: string, requests: readonly StoredItem[]): number {
  const prefix = receiptNumber(year, 0).slice(0, -4);
  const issued = requests
    .flatMap((item) => paymentsOf(item))
    .flatMap((entry) =>
      entry.receipt?.startsWith(prefix) ? [Number(entry.receipt.slice(prefix.length))] : [],
    );
  return Math.max(0, ...issued.filter(Number.isSafeInteger));
}

/**
 * Paid in full: enrolled, taking a seat of its batch (if any) when one is left and the batch has not finished;
 * with no seat left, on the batch's waitlist (in the order requests came); otherwise as it was. The seat taken
 * is returned so that it is given back if the payment is not written.
 */
async function statusAfter(
  deps: Deps,
  request: StoredItem,
  settled: boolean,
): Promise<{ status: string; seat: { batch: string; holder: string } | null }> {
  const current = statusOf(request);
  const as = (status: string) => ({ status, seat: null });
  if (!settled || current === ENROLLED) return as(current);
  if (typeof request.batch !== 'string') return as(ENROLLED);
  const batch = await deps.repository.get(batches.key, request.batch);
  if (!batch) return as(current);
  const dates = { startDate: batch.startDate, endDate: batch.endDate, capacity: batch.capacity };
  if (batchState(dates, 0, deps.now()) === 'finished') return as(current);
  if (!(await takeSeat(deps, batch, request._id))) return as(WAITLISTED);
  return { status: ENROLLED, seat: { batch: batch._id, holder: request._id } };
}

async function receipt({ deps, params, request }: StaffInput) {
  const item = await deps.repository.get(enroll.key, params.id ?? '');
  if (!item) return notFound();
  return receiptDownload(deps, item, new URL(request.url).searchParams.get('payment'));
}
