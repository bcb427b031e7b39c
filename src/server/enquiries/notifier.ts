/**
 * The two ways staff hear about a new request: an e-mail over SMTP (nodemailer) and a signed webhook POST.
 * Each send either resolves (the server accepted it) or throws a SendError whose message holds no personal data
 * (it is kept on the request's outbox entry and shown to staff).
 */
import { createHmac } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NotifyChannel } from '../../lib/enquiries.ts';
import type { ServerEnv } from '../env.ts';
import type { Notification } from './compose.ts';

/**
 * Longest wait for one send: an SMTP server or webhook that hangs becomes a retry, never a stuck function. The
 * outbox's and the certificate mail's leases are sized on it, so a notifier may wait less but never longer.
 */
export const SEND_TIMEOUT_MS = 10_000;

export interface NotifierOptions {
  /** Wait for one send, at most SEND_TIMEOUT_MS (the default); tests of a dead server use a short one. */
  timeoutMs?: number;
}

/** What an acknowledgement to a sender says (acknowledge.ts writes it). */
export interface Acknowledgement {
  subject: string;
  text: string;
  /** Files sent with it (the certificate PDF in the holder's e-mail). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export class SendError extends Error {
  override readonly name = 'SendError';
}

export interface Notifier {
  /** The channels configured now, in the order they are tried. */
  readonly channels: readonly NotifyChannel[];
  send(channel: NotifyChannel, notification: Notification): Promise<void>;
  /** The acknowledgement to a sender (and an enrolment's fee receipt); only `to` comes from the form. */
  acknowledge(to: string, acknowledgement: Acknowledgement): Promise<void>;
}

/** `sha256=<hex>`: HMAC-SHA256 of the exact body bytes under the shared secret (see README). */
export const webhookSignature = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** Words for a failure that name what went wrong and nothing the visitor typed. */
function describe(error: unknown): string {
  if (error instanceof SendError) return error.message;
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return `SMTP ${responseCode}`;
  if (typeof code === 'string') return code;
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  return error instanceof Error ? error.name : 'failed';
}

export function createNotifier(
  env: ServerEnv,
  { timeoutMs = SEND_TIMEOUT_MS }: NotifierOptions = {},
): Notifier {
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= SEND_TIMEOUT_MS))
    throw new RangeError(`timeoutMs must be a whole number of ms from 1 to ${SEND_TIMEOUT_MS}`);
  const email = env.SMTP_URL && env.NOTIFY_EMAIL_TO.length > 0 ? env.SMTP_URL : null;
  const webhook = env.NOTIFY_WEBHOOK_URL ?? null;
  const channels: NotifyChannel[] = [
    ...(email ? ['email' as const] : []),
    ...(webhook ? ['webhook' as const] : []),
  ];
  let transport: Transporter | null = null;

  const transportFor = (url: string) =>
    (transport ??= nodemailer.createTransport({
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    }));

  async function sendEmail(url: string, notification: Notification) {
    await transportFor(url).sendMail({
      from: env.NOTIFY_EMAIL_FROM ?? env.NOTIFY_EMAIL_TO[0],
      to: env.NOTIFY_EMAIL_TO,
      subject: notification.subject,
      text: notification.text,
    });
  }

  async function sendWebhook(url: string, notification: Notification) {
    const body = JSON.stringify(notification.payload);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (env.NOTIFY_WEBHOOK_SECRET) headers['X-Signature'] = webhookSignature(env.NOTIFY_WEBHOOK_SECRET, body);
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Drain the body so the connection is released; its content is the receiver's business.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new SendError(`HTTP ${response.status}`);
  }

  return {
    channels,
    async acknowledge(to, acknowledgement) {
      const from = env.NOTIFY_EMAIL_FROM ?? env.NOTIFY_EMAIL_TO[0];
      try {
        if (!env.SMTP_URL || !from) throw new SendError('channel not configured');
        // One recipient, as an address object: nodemailer never reads a display name or a list out of it.
        await transportFor(env.SMTP_URL).sendMail({
          from,
          to: { name: '', address: to },
          subject: acknowledgement.subject,
          text: acknowledgement.text,
          ...(acknowledgement.attachments
            ? {
                attachments: acknowledgement.attachments.map(({ filename, contentType, content }) => ({
                  filename,
                  contentType,
                  content: Buffer.from(content),
                })),
              }
            : {}),
        });
      } catch (error) {
        throw new SendError(describe(error), { cause: error });
      }
    },
    async send(channel, notification) {
      try {
        if (channel === 'email' && email) await sendEmail(email, notification);
        else if (channel === 'webhook' && webhook) await sendWebhook(webhook, notification);
        else throw new SendError('channel not configured');
      } catch (error) {
        throw new SendError(describe(error), { cause: error });
      }
    },
  };
}
