/**
 * Child process: the notification receivers of bench/enquiry-notify.ts (a real SMTP server and a webhook
 * receiver), in a process of their own so that
 * receiving and parsing mail never competes with the function's event loop, as on Netlify. Reports counts
 * over IPC.
 */
import { startMailCatcher } from '../../scripts/local/mail-catcher.ts';
import { startWebhookReceiver } from '../../tests/support/webhook-receiver.ts';

export type NotifyHostMessage =
  { type: 'ready'; smtpUrl: string; webhookUrl: string } | { type: 'counts'; mails: number; hooks: number };

if (!process.send) throw new Error('notify-host-main.ts runs as a forked child');

let mails = 0;
const mail = await startMailCatcher({ onMail: () => (mails += 1) });
const hooks = await startWebhookReceiver();

const send = (message: NotifyHostMessage) => process.send?.(message);
process.on('message', (message: { type: string }) => {
  if (message.type === 'counts') send({ type: 'counts', mails, hooks: hooks.received.length });
  if (message.type === 'stop') {
    void Promise.all([mail.stop(), hooks.stop()]).then(() => process.exit(0));
  }
});
send({
  type: 'ready',
  smtpUrl: mail.url,
  webhookUrl: hooks.url,
});
