/**
 * The certificate e-mail: the holder gets the verification link, the PDF and the testimonial link.
 * It rides the enquiry outbox's rules (docs/decisions.md, "Outbox"): the entry (`mail`, an OutboxEntry plus the
 * site origin the links use) is stored with the certificate, delivery is tried right after the response and
 * retried by the scheduled run with the same backoff until the retry window closes, each attempt holds a lease and
 * re-reads the certificate, and the outcome is recorded with `touch: false` (delivery is not an edit). A revoked
 * or erased certificate is not sent.
 */
import { OUTBOX_RETRY_WINDOW_MS, backoffMs } from '../enquiries/outbox.ts';
import type { OutboxEntry } from '../../lib/enquiries.ts';
import { CERTIFICATE_MAIL as WORDS } from '../../lib/staff-messages.ts';
import { brandName } from '../../lib/site-config.ts';
import { acknowledgementFrom } from '../enquiries/acknowledge.ts';
import { SEND_TIMEOUT_MS, SendError, type Acknowledgement } from '../enquiries/notifier.ts';
import type { Deps } from '../deps.ts';
import { idTime } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';
import { resync, type DueMember } from '../schedule/due-index.ts';
import { TESTIMONIAL_LINK_DAYS, TESTIMONIAL_PATH, testimonialToken } from '../testimonials/token.ts';
import { CERTIFICATE, verificationOf } from './lookup.ts';
import { certificatePdf, pdfFileName, verifyUrlOf } from './pdf.ts';

export interface CertificateMail extends OutboxEntry {
  /** The site origin the e-mail's links use (the issuing request's, or SITE_URL). */
  origin: string;
  /** When it was issued (the server's clock): the testimonial link's 60 days count from here, in every retry. */
  queuedAt: string;
}

const MAIL_LEASE_MS = SEND_TIMEOUT_MS + 60_000;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The entry a certificate is stored with, or null when there is no address or no mail server to send with. */
export function newCertificateMail(deps: Deps, holderEmail: unknown, origin: string): CertificateMail | null {
  if (text(holderEmail) === '' || !deps.env.SMTP_URL || !acknowledgementFrom(deps)) return null;
  const now = deps.now().toISOString();
  return { state: 'pending', attempts: 0, nextAttemptAt: now, origin, queuedAt: now };
}

/** The testimonial link of a certificate, or null without a secret to sign it. */
export function testimonialUrlOf(deps: Deps, item: StoredItem, origin: string): string | null {
  const issuedAt = mailOf(item)?.queuedAt ?? item.createdAt;
  const token = testimonialToken(deps.env, item._id, new Date(issuedAt));
  return token ? `${origin}${TESTIMONIAL_PATH}/${token}` : null;
}

export async function composeCertificateMail(
  deps: Deps,
  item: StoredItem,
  origin: string,
): Promise<Acknowledgement> {
  const verification = await verificationOf(deps, item, origin);
  const pdf = await certificatePdf(verification, brandName, origin);
  const testimonial = testimonialUrlOf(deps, item, origin);
  return {
    subject: WORDS.subject(verification.course),
    text: [
      WORDS.greeting(verification.holderName),
      '',
      WORDS.issued(verification.course, verification.number),
      WORDS.verify(verifyUrlOf(origin, verification.number)),
      ...(testimonial ? ['', WORDS.testimonial(testimonial, TESTIMONIAL_LINK_DAYS)] : []),
      '',
      WORDS.signature,
      '',
    ].join('\n'),
    attachments: [
      { filename: pdfFileName(verification.number), contentType: 'application/pdf', content: pdf },
    ],
  };
}

const mailOf = (item: StoredItem) => (item.mail ?? null) as CertificateMail | null;
const isDue = (item: StoredItem, now: Date) => {
  const mail = mailOf(item);
  return mail?.state === 'pending' && Date.parse(mail.nextAttemptAt) <= now.getTime();
};

/** One attempt at a certificate's e-mail. Never throws for a failed send: it is recorded and retried. */
export async function deliverCertificateMail(
  deps: Deps,
  id: string,
): Promise<'sent' | 'retrying' | 'failed' | 'skipped'> {
  const lease = `certificate-mail-${id}`;
  if (!(await deps.coordination.acquireLease(lease, MAIL_LEASE_MS))) return 'skipped';
  try {
    const item = await deps.repository.get(CERTIFICATE, id);
    const mail = item && mailOf(item);
    if (!item || !mail || !isDue(item, deps.now())) return 'skipped';
    const attempts = mail.attempts + 1;
    let entry: CertificateMail;
    let outcome: 'sent' | 'retrying' | 'failed';
    // Revoked or erased since it was issued: the holder is not sent a certificate that no longer stands.
    if (item.status === 'revoked' || text(item.holderEmail) === '') {
      entry = { ...mail, state: 'failed', attempts: mail.attempts, lastError: 'revoked' };
      outcome = 'failed';
    } else {
      try {
        await deps.notifier.acknowledge(
          text(item.holderEmail),
          await composeCertificateMail(deps, item, mail.origin),
        );
        entry = { ...mail, state: 'sent', attempts, sentAt: deps.now().toISOString() };
        outcome = 'sent';
      } catch (error) {
        const next = deps.now().getTime() + backoffMs(attempts);
        const giveUp = next > idTime(item._id) + OUTBOX_RETRY_WINDOW_MS;
        entry = {
          ...mail,
          state: giveUp ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: new Date(next).toISOString(),
          lastError: error instanceof SendError ? error.message : 'failed',
        };
        outcome = giveUp ? 'failed' : 'retrying';
      }
    }
    await deps.repository.update(CERTIFICATE, id, { mail: entry }, { touch: false });
    return outcome;
  } finally {
    await deps.coordination.releaseLease(lease).catch(() => undefined);
  }
}

/** After the response: a failure only ever becomes the entry's state or a log line. */
export async function deliverCertificateMailAfterResponse(deps: Deps, id: string): Promise<void> {
  try {
    await deliverCertificateMail(deps, id);
  } catch (error) {
    console.warn(`[certificate-mail] deferred: ${error instanceof Error ? error.name : 'error'}`);
  }
}

/**
 * The scheduled retry: the certificates the due-time index names as having their e-mail due, each read by id and
 * checked again, until `budgetMs` is spent; each attempt's write enters the next retry time in the index.
 */
export async function retryDueCertificateMail(deps: Deps, due: readonly DueMember[], budgetMs: number) {
  const run = { attempted: 0, sent: 0, retrying: 0, failed: 0 };
  const started = Date.now();
  const now = deps.now().getTime();
  const rules = { retentionDays: deps.env.REQUEST_RETENTION_DAYS };
  for (const member of due) {
    if (Date.now() - started > budgetMs) return run;
    const item = member.collection === CERTIFICATE ? await deps.repository.get(CERTIFICATE, member.id) : null;
    if (!(await resync(deps.coordination, rules, member, item, now))) continue;
    const outcome = await deliverCertificateMail(deps, member.id);
    if (outcome === 'skipped') continue;
    run.attempted += 1;
    run[outcome] += 1;
  }
  return run;
}
