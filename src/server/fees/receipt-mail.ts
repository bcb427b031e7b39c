/**
 * A payment's receipt made and e-mailed to the student through the request's outbox (its `receipt`
 * entry: the same lease, recorded outcome and backoff as the other channels, its window counted from when the
 * receipt was queued). Like an acknowledgement, the mail goes to the request's own address only, from the site's.
 */
import { RECEIPT_CHANNEL, type Outbox, type OutboxEntry } from '../../lib/enquiries.ts';
import { paymentsOf, type PaymentEntry } from '../../lib/fees.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { showIstDay } from '../../lib/ist.ts';
import { brandName } from '../../lib/site-config.ts';
import { RECEIPT } from '../../lib/staff-messages.ts';
import type { Deps } from '../deps.ts';
import { acknowledgementFrom } from '../enquiries/acknowledge.ts';
import type { Acknowledgement } from '../enquiries/notifier.ts';
import { currentSettings } from '../handlers/settings-handler.ts';
import type { StoredItem } from '../repository/port.ts';
import { receiptPdf } from './receipt.ts';
import { API } from '../../lib/api-messages.ts';
import { notFound } from '../http/respond.ts';

/** What a receipt names of the batch: its name and IST dates. */
export async function batchLine(deps: Pick<Deps, 'repository'>, request: StoredItem): Promise<string | null> {
  if (typeof request.batch !== 'string') return null;
  const batch = await deps.repository.get(contentFamilies.batch.key, request.batch);
  if (!batch) return null;
  return `${String(batch.name ?? '')} (${showIstDay(batch.startDate)} – ${showIstDay(batch.endDate)})`;
}

/** The "Fee includes GST" of the catalogue course whose batch the enrolment named; null without one. */
async function gstIncludedOf(deps: Pick<Deps, 'repository'>, request: StoredItem): Promise<boolean | null> {
  if (typeof request.batch !== 'string') return null;
  const batch = await deps.repository.get(contentFamilies.batch.key, request.batch);
  const course =
    typeof batch?.course === 'string'
      ? await deps.repository.get(contentFamilies.course.key, batch.course)
      : null;
  return course ? course.gstIncluded === true : null;
}

/** The receipt of one payment (by its id, else the latest payment's), or null when there is none. */
export async function receiptOf(
  deps: Pick<Deps, 'repository'>,
  request: StoredItem,
  paymentId: string | null,
): Promise<{ payment: PaymentEntry; bytes: Uint8Array } | null> {
  const issued = paymentsOf(request).filter((entry) => entry.receipt);
  const payment = paymentId ? issued.find((entry) => entry.id === paymentId) : issued.at(-1);
  if (!payment) return null;
  const bytes = await receiptPdf({
    request,
    payment,
    settings: await currentSettings(deps),
    batch: await batchLine(deps, request),
    gstIncluded: await gstIncludedOf(deps, request),
  });
  return { payment, bytes };
}

/**
 * A payment's receipt as the PDF download (by its id, else the latest): the staff route's answer, and the student's
 * through their enrolment page's signed link. A 404 names why when the request has no receipt.
 */
export async function receiptDownload(
  deps: Pick<Deps, 'repository'>,
  request: StoredItem,
  paymentId: string | null,
): Promise<Response> {
  const made = await receiptOf(deps, request, paymentId);
  if (!made) return notFound(API.receiptNone);
  return new Response(Buffer.from(made.bytes), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${RECEIPT.fileName(made.payment.receipt ?? '')}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * The outbox a newly numbered receipt joins: a pending `receipt` entry naming it (with any still unsent), when
 * e-mail is configured and the request has an address; nothing otherwise (staff download the PDF instead).
 */
export function queueReceiptMail(
  deps: Pick<Deps, 'env' | 'now'>,
  request: StoredItem,
  payment: PaymentEntry,
): { outbox?: Outbox } {
  // A tax record has no address left (fees/tax-records.ts).
  if (!deps.env.SMTP_URL || !acknowledgementFrom(deps) || typeof request.email !== 'string' || !request.email)
    return {};
  const outbox = (request.outbox ?? {}) as Outbox;
  const waiting =
    outbox[RECEIPT_CHANNEL]?.state === 'pending' ? (outbox[RECEIPT_CHANNEL].receipts ?? []) : [];
  const now = deps.now().toISOString();
  const entry: OutboxEntry = {
    state: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    since: now,
    receipts: [...waiting, payment.id],
  };
  return { outbox: { ...outbox, [RECEIPT_CHANNEL]: entry } };
}

/** The e-mail of the entry's receipts, each a PDF attachment. */
export async function composeReceiptMail(
  deps: Pick<Deps, 'repository'>,
  request: StoredItem,
  entry: OutboxEntry,
): Promise<Acknowledgement> {
  const made = [];
  for (const id of entry.receipts ?? []) {
    const receipt = await receiptOf(deps, request, id);
    if (receipt) made.push(receipt);
  }
  const numbers = made.map(({ payment }) => payment.receipt ?? '').join(', ');
  const amount = formatPaise(made.reduce((sum, { payment }) => sum + payment.amount, 0));
  return {
    subject: RECEIPT.mailSubject(numbers, brandName),
    text: RECEIPT.mailText(numbers, amount, String(request.reference ?? '')),
    attachments: made.map(({ payment, bytes }) => ({
      filename: RECEIPT.fileName(payment.receipt ?? ''),
      content: bytes,
      contentType: 'application/pdf',
    })),
  };
}
