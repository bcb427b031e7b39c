/**
 * Notifications with no accounts for `npm start`: unless SMTP_URL is set, a real SMTP server on loopback
 * becomes the default (mail-catcher.ts), each mail it receives is one console line, and `GET /__local/mail`
 * (loopback callers naming a loopback host only) lists them as JSON, newest first. Scheduled functions do not run
 * locally, so the runner also ticks the pipeline's scheduled work (notification retries, retention) the way
 * Netlify's scheduler would — once the site is served, as Netlify runs them on a published deploy only: on a first
 * start the seed and the first build keep the Blobs sandbox's queue busy long enough to time a tick out.
 */
import type http from 'node:http';
import { isLocalRequest, pathnameOf } from './front-door.ts';
import { startMailCatcher, type MailCatcher } from './mail-catcher.ts';

export const LOCAL_MAIL_PATH = '/__local/mail';
const TICK_MS = 15_000;

export interface LocalNotifications {
  /** Where the local inbox answers (LOCAL_MAIL_PATH), or null when SMTP_URL sends the mails elsewhere. */
  inboxPath: string | null;
  /** Answers `GET /__local/mail`; false for every other request. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Starts ticking the scheduled work; call once the site is served. */
  startScheduledWork(): void;
  stop(): Promise<void>;
}

export async function startLocalNotifications(log: (line: string) => void): Promise<LocalNotifications> {
  let catcher: MailCatcher | null = null;
  if (!process.env.SMTP_URL) {
    catcher = await startMailCatcher({
      onMail: (mail) => log(`mail to ${mail.to.join(', ')}: ${mail.subject} (${LOCAL_MAIL_PATH})`),
    });
    process.env.SMTP_URL = catcher.url;
    process.env.NOTIFY_EMAIL_TO ??= 'enquiries@deltasecure.local';
    process.env.NOTIFY_EMAIL_FROM ??= 'DeltaSecure website <website@deltasecure.local>';
    log(`notification e-mails go to a local SMTP server (${catcher.url}); see ${LOCAL_MAIL_PATH}`);
  }

  const { runScheduledEnquiries } = await import('../../src/server/enquiries/scheduled.ts');
  let ticker: ReturnType<typeof setInterval> | undefined;
  let ticking = false;

  return {
    inboxPath: catcher ? LOCAL_MAIL_PATH : null,
    startScheduledWork() {
      ticker ??= setInterval(() => {
        if (ticking) return;
        ticking = true;
        // A failed tick (the store restarting, say) is logged; an unhandled rejection would stop the runner.
        runScheduledEnquiries()
          .catch((error: unknown) => log(`scheduled enquiry work failed: ${String(error)}`))
          .finally(() => (ticking = false));
      }, TICK_MS);
    },
    handle(req, res) {
      if (!catcher || pathnameOf(req.url) !== LOCAL_MAIL_PATH) return false;
      if (!isLocalRequest(req)) res.writeHead(403).end();
      else
        res
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
          // Attachments listed by name, type and size: a PDF's bytes are no use in this JSON.
          .end(
            JSON.stringify(
              catcher.mails().map(({ attachments, ...mail }) => ({
                ...mail,
                attachments: attachments.map(({ filename, contentType, content }) => ({
                  filename,
                  contentType,
                  size: content.length,
                })),
              })),
            ),
          );
      return true;
    },
    async stop() {
      clearInterval(ticker);
      await catcher?.stop();
    },
  };
}
