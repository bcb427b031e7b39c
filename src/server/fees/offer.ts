/**
 * Issue 22.6: what the enrolment form shows under its success message when the batch has a fee and Site settings
 * name a UPI payee: the amount, the `upi://pay` link and its QR code, made here so the form's JavaScript (at its
 * budget) only shows them.
 */
import { formatPaise } from '../../lib/fields/money.ts';
import { upiLink } from '../../lib/fees.ts';
import { ENROLL_PAYMENT } from '../../lib/messages.ts';
import type { SiteSettings } from '../../lib/site-settings.ts';
import { qrPng } from '../pdf/kit.ts';

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

/** Small enough for the answer (~2 KB), large enough for a phone camera on a laptop screen. */
const QR_PX = 232;

/** The offer for a stored enrolment, or null when it owes nothing or no UPI payee is set. */
export async function paymentOffer(
  request: Readonly<Record<string, unknown>>,
  settings: Pick<SiteSettings, 'upiVpa' | 'upiPayeeName'>,
): Promise<PaymentOffer | null> {
  const fee = request.fee;
  const reference = typeof request.reference === 'string' ? request.reference : '';
  if (typeof fee !== 'number' || fee <= 0 || !settings.upiVpa || reference === '') return null;
  const link = upiLink({
    vpa: settings.upiVpa,
    payee: settings.upiPayeeName || settings.upiVpa,
    paise: fee,
    reference,
  });
  const png = await qrPng(link, QR_PX);
  const amount = formatPaise(fee);
  return {
    amount: fee,
    reference,
    upiLink: link,
    qr: `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
    text: ENROLL_PAYMENT.due(amount, reference),
    qrAlt: ENROLL_PAYMENT.qrAlt(amount),
    linkText: ENROLL_PAYMENT.link,
  };
}
