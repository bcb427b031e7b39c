/**
 * What the enrolment form shows under its success message when the batch has a fee and Site settings
 * name a UPI payee: the amount, the `upi://pay` link and its QR code, made here so the form's JavaScript (at its
 * budget) only shows them. The enrolment keeps what it was asked to pay (`paymentAsked`), so its acknowledgement
 * e-mail carries exactly what the page showed, and says nothing of a payment the page did not ask for.
 */
import { formatPaise } from '../../lib/fields/money.ts';
import { upiLink } from '../../lib/fees.ts';
import { ENROLL_PAYMENT } from '../../lib/messages.ts';
import type { SiteSettings } from '../../lib/site-settings.ts';
import type { MailAttachment } from '../enquiries/notifier.ts';
import { qrPng } from '../pdf/kit.ts';
import { newId } from '../repository/ids.ts';

export interface PaymentOffer {
  /** Whole paise. */
  amount: number;
  reference: string;
  upiLink: string;
  /** The link as a QR code, a PNG data URL. */
  qr: string;
  /** The words the form shows (the server's, so the form carries none). */
  text: string;
  qrAlt: string;
  linkText: string;
}

/** What an enrolment was asked to pay, as stored on it: the acknowledgement e-mail repeats it. */
export interface PaymentAsked {
  /** Whole paise. */
  amount: number;
  upiLink: string;
  upiVpa: string;
  payeeName: string;
  /** The merchant transaction reference (`tr`), when the link is a merchant payment. */
  transactionRef?: string;
}

/** Small enough for the answer (~2 KB), large enough for a phone camera on a laptop screen. */
const QR_PX = 232;

/**
 * The offer for an enrolment about to be stored (its fee and reference), and what the enrolment keeps of it; null
 * when it owes nothing or no UPI payee is set. A merchant code makes it a merchant payment with a transaction
 * reference of its own: an id, unique like every id, letters and digits only (NPCI's `tr` allows 35).
 */
export async function paymentOffer(
  request: Readonly<Record<string, unknown>>,
  settings: Pick<SiteSettings, 'upiVpa' | 'upiPayeeName' | 'upiMerchantCode'>,
): Promise<{ offer: PaymentOffer; asked: PaymentAsked } | null> {
  const fee = request.fee;
  const reference = typeof request.reference === 'string' ? request.reference : '';
  if (typeof fee !== 'number' || fee <= 0 || !settings.upiVpa || reference === '') return null;
  const payeeName = settings.upiPayeeName || settings.upiVpa;
  const merchant = settings.upiMerchantCode
    ? { code: settings.upiMerchantCode, transactionRef: newId() }
    : null;
  const link = upiLink({ vpa: settings.upiVpa, payee: payeeName, paise: fee, reference, merchant });
  const png = await qrPng(link, QR_PX);
  const amount = formatPaise(fee);
  return {
    offer: {
      amount: fee,
      reference,
      upiLink: link,
      qr: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
      text: ENROLL_PAYMENT.due(amount, reference),
      qrAlt: ENROLL_PAYMENT.qrAlt(amount),
      linkText: ENROLL_PAYMENT.link,
    },
    asked: {
      amount: fee,
      upiLink: link,
      upiVpa: settings.upiVpa,
      payeeName,
      ...(merchant ? { transactionRef: merchant.transactionRef } : {}),
    },
  };
}

/** What a stored enrolment was asked to pay, or null (none asked, or a shape this code did not write). */
export function paymentAskedOf(request: Readonly<Record<string, unknown>>): PaymentAsked | null {
  const asked = request.paymentAsked as Partial<PaymentAsked> | undefined;
  if (typeof asked !== 'object' || asked === null) return null;
  const { amount, upiLink: link, upiVpa, payeeName } = asked;
  if (typeof amount !== 'number' || typeof link !== 'string' || !link.startsWith('upi://pay?')) return null;
  if (typeof upiVpa !== 'string' || typeof payeeName !== 'string') return null;
  return asked as PaymentAsked;
}

/** The link's QR code as an e-mail attachment, for a student who reads the e-mail on a computer. */
export async function paymentQrAttachment(asked: PaymentAsked): Promise<MailAttachment> {
  return {
    filename: 'upi-payment-qr.png',
    contentType: 'image/png',
    content: await qrPng(asked.upiLink, QR_PX),
  };
}
