/**
 * A real SMTP server on loopback that keeps what it receives: the local runner's default SMTP_URL (so
 * notifications work with no accounts; `GET /__local/mail` shows them) and the tests' mail server. It can refuse
 * messages on purpose, to prove the outbox retries and never sends twice.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** The header lines as received (issue 25.5's tests read what an acknowledgement's headers carry). */
  headers: string;
  /** ISO time of receipt. */
  at: string;
  /** Files sent with it (issue 23: the certificate PDF). */
  attachments: { filename: string; contentType: string; content: Uint8Array }[];
}

export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  /** Newest first. */
  mails(): CaughtMail[];
  /** Refuses the next `count` messages with a temporary failure (451), as a struggling server would. */
  refuseNext(count: number): void;
  stop(): Promise<void>;
}

/** Kept in memory: a local inbox, not an archive. */
const MAX_KEPT = 200;

export async function startMailCatcher(
  options: { port?: number; onMail?: (mail: CaughtMail) => void } = {},
): Promise<MailCatcher> {
  const caught: CaughtMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Loopback only, plain SMTP: nothing here ever leaves the machine, so no certificate is involved.
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1_000_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'local' });
    },
    onData(stream, session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const mail: CaughtMail = {
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers: parsed.headerLines.map((header) => header.line).join('\n'),
            at: new Date().toISOString(),
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: new Uint8Array(file.content),
            })),
          };
          caught.unshift(mail);
          caught.length = Math.min(caught.length, MAX_KEPT);
          options.onMail?.(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails: () => [...caught],
    refuseNext(count) {
      refusals = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
