/**
 * The acknowledgement a sender gets for a stored request. Anyone can type a stranger's address into a
 * form, so it must not make the site a spam relay: no text the sender typed is in it (not even the name), its
 * headers carry nothing from the form but the To address, and an address gets at most one a day, across
 * instances (a Coordination hit, atomic on both stores).
 */
import { createHash, randomInt } from 'node:crypto';
import type { RequestFamily } from '../../lib/collections.ts';
import type { SiteSettings } from '../../lib/site-settings.ts';
import { ACKNOWLEDGE } from '../../lib/staff-messages.ts';
import { ENROLMENT_PAGE } from '../../lib/messages.ts';
import type { Deps } from '../deps.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import type { PaymentAsked } from '../fees/offer.ts';
import { mailboxKey } from './mailbox.ts';
import type { Acknowledgement } from './notifier.ts';

/** One acknowledgement per address per day. */
export const ACK_WINDOW_SECONDS = 24 * 60 * 60;
const ACK_BUCKET = 'ack-sender';
const SETTING = {
  contact: 'ackContact',
  enroll: 'ackEnroll',
  assessment: 'ackAssessment',
} as const satisfies Record<string, keyof SiteSettings>;

/** No 0/O or 1/I: a reference is read aloud on the phone. */
const REFERENCE_CHARS = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A short reference the sender can quote (DS-XXXX-XXXX); stored on the request and found by the admin's search. */
export const newReference = () => {
  const char = () => REFERENCE_CHARS.charAt(randomInt(REFERENCE_CHARS.length));
  const part = () => Array.from({ length: 4 }, char).join('');
  return `DS-${part()}-${part()}`;
};

/**
 * Whether this stored request gets an acknowledgement: e-mail is configured, staff left it on for the kind, and
 * the address had none in the last day (the hit is taken here, once, whatever happens to the send).
 */
export async function shouldAcknowledge(
  deps: Deps,
  family: RequestFamily,
  email: string,
  settings: SiteSettings,
): Promise<boolean> {
  if (!deps.env.SMTP_URL || !acknowledgementFrom(deps)) return false;
  const setting = SETTING[family.key as keyof typeof SETTING];
  if (!setting || settings[setting] === false) return false;
  // Counted per mailbox, not per spelling: `+tags` and Gmail's dots reach the same person (mailbox.ts).
  const address = createHash('sha256').update(mailboxKey(email)).digest('base64url').slice(0, 32);
  const { allowed } = await deps.coordination.hit(ACK_BUCKET, address, 1, ACK_WINDOW_SECONDS);
  return allowed;
}

/** The sender is the site's own address, never the form's. */
export const acknowledgementFrom = (deps: Pick<Deps, 'env'>) =>
  deps.env.NOTIFY_EMAIL_FROM ?? deps.env.NOTIFY_EMAIL_TO[0] ?? null;

/**
 * The text: fixed words, the reference we made and the company's phone from the settings, and, for an enrolment
 * whose answer asked for a fee, that payment: the amount, the payee, the reference to quote and the UPI link (all
 * ours, none typed by the sender), and where to find them again: the student's enrolment page when it has a link.
 */
export function composeAcknowledgement(
  family: RequestFamily,
  reference: string,
  settings: Pick<SiteSettings, 'phone'>,
  payment: PaymentAsked | null = null,
  /** The student's "Your enrolment" page (a signed link of ours), when the request is an enrolment and one is made. */
  pageUrl: string | null = null,
): Acknowledgement {
  const words = family.acknowledgement;
  const paying = ACKNOWLEDGE.payment;
  const page = pageUrl ? ['', ENROLMENT_PAGE.mailLine, pageUrl] : [];
  return {
    subject: words.subject,
    text: [
      ACKNOWLEDGE.greeting,
      '',
      payment ? paying.next : words.next,
      ACKNOWLEDGE.reference(reference),
      ...page,
      ...(payment
        ? [
            '',
            paying.due(formatPaise(payment.amount)),
            paying.payee(payment.payeeName, payment.upiVpa),
            paying.quote(reference),
            paying.link,
            payment.upiLink,
            '',
            paying.again,
            '',
          ]
        : []),
      ACKNOWLEDGE.phone(settings.phone),
      '',
      ACKNOWLEDGE.notYou,
      '',
      ACKNOWLEDGE.signature,
      '',
    ].join('\n'),
  };
}
