/**
 * The numbered fee receipt of one payment, an A4 PDF on the shared kit (its embedded font prints a
 * student's Devanagari name as well as the Latin lines and ₹). Made afresh on each request from what is stored, so
 * the same payment always reads the same receipt: its number, amount and day are the payment entry's.
 */
import { formatPaise } from '../../lib/fields/money.ts';
import { balanceOf, paymentsOf, type PaymentEntry } from '../../lib/fees.ts';
import { gstRegistered, gstTerms } from '../../lib/gst.ts';
import { showIstDay } from '../../lib/ist.ts';
import { brandName } from '../../lib/site-config.ts';
import type { SiteSettings } from '../../lib/site-settings.ts';
import { RECEIPT } from '../../lib/staff-messages.ts';
import { A4, newPdf, PDF_COLOURS, wrapText } from '../pdf/kit.ts';

export interface ReceiptInput {
  request: Readonly<Record<string, unknown>>;
  payment: PaymentEntry;
  settings: Pick<SiteSettings, 'gstin' | 'address' | 'email' | 'phone'>;
  /** The batch's name and dates as staff see them, when the enrolment named one. */
  batch: string | null;
  /** The catalogue course's "Fee includes GST", when the enrolment was into one of its batches. */
  gstIncluded: boolean | null;
}

/** The receipt's GST line, from the same setting and course flag as the course page's words (src/lib/gst.ts). */
function gstNote(gstin: string, gstIncluded: boolean | null): string {
  const terms = gstTerms(gstin, gstIncluded);
  if (terms === 'unregistered') return RECEIPT.noGstNote;
  if (gstIncluded === null) return RECEIPT.gstNote;
  return terms === 'included' ? RECEIPT.gstIncludedNote : RECEIPT.gstExtraNote;
}

const MARGIN = 56;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function receiptPdf({
  request,
  payment,
  settings,
  batch,
  gstIncluded,
}: ReceiptInput): Promise<Uint8Array> {
  const number = payment.receipt ?? '';
  const { doc, fonts } = await newPdf({
    title: RECEIPT.title(number),
    subject: RECEIPT.subject(brandName),
    // The payment's own time: the same receipt gives the same document.
    createdAt: new Date(payment.recordedAt),
  });
  const page = doc.addPage([A4.width, A4.height]);
  const width = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;
  const line = (words: string, size = 11, bold = false, colour = PDF_COLOURS.ink) => {
    const font = bold ? fonts.bold : fonts.regular;
    for (const part of wrapText(words, font, size, width)) {
      y -= size * 1.5;
      page.drawText(part, { x: MARGIN, y, size, font, color: colour });
    }
  };
  const rule = () => {
    y -= 12;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 1,
      color: PDF_COLOURS.rule,
    });
    y -= 4;
  };

  // The company: name, address, contacts and (when registered) its GSTIN.
  line(brandName, 20, true, PDF_COLOURS.brand);
  for (const part of settings.address ?? []) line(part, 10, false, PDF_COLOURS.muted);
  line(RECEIPT.contacts(settings.email, settings.phone), 10, false, PDF_COLOURS.muted);
  if (gstRegistered(settings.gstin)) line(RECEIPT.gstin(settings.gstin), 10, true);
  rule();

  line(RECEIPT.heading, 16, true);
  line(RECEIPT.number(number), 12, true);
  line(RECEIPT.date(showIstDay(payment.paidOn)));
  rule();

  // The balance as it stood after this payment: a later payment or refund does not change this receipt.
  const history = paymentsOf(request);
  const upTo = history.slice(0, history.findIndex((entry) => entry.id === payment.id) + 1);
  const { fee, paid, due } = balanceOf({ fee: request.fee, payments: upTo });
  const rows: [string, string][] = [
    // A tax record's person was erased: the receipt says so rather than leaving the line empty.
    [RECEIPT.student, text(request.name) || RECEIPT.nameErased],
    [RECEIPT.course, text(request.course)],
    ...(batch ? [[RECEIPT.batch, batch] as [string, string]] : []),
    [RECEIPT.reference, text(request.reference)],
    [RECEIPT.amount, formatPaise(payment.amount)],
    [RECEIPT.paidBy, RECEIPT.upi(payment.upiRef)],
    ...(fee === null
      ? []
      : ([
          [RECEIPT.fee, formatPaise(fee)],
          [RECEIPT.paidSoFar, formatPaise(paid)],
          [RECEIPT.balance, formatPaise(due ?? 0)],
        ] as [string, string][])),
  ];
  for (const [label, value] of rows) {
    y -= 20;
    page.drawText(label, { x: MARGIN, y, size: 11, font: fonts.bold, color: PDF_COLOURS.muted });
    const lines = wrapText(value, fonts.regular, 12, width - 150);
    for (const [index, part] of lines.entries()) {
      if (index > 0) y -= 17;
      page.drawText(part, { x: MARGIN + 150, y, size: 12, font: fonts.regular, color: PDF_COLOURS.ink });
    }
  }
  rule();
  line(gstNote(settings.gstin, gstIncluded), 9, false, PDF_COLOURS.muted);
  line(RECEIPT.computer, 9, false, PDF_COLOURS.muted);
  return doc.save();
}
