/**
 * A real HTTP receiver on loopback for the notification webhook: it keeps each POST's raw body and headers,
 * and can answer 500 on purpose or hold a request past the sender's timeout.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  body: string;
  signature: string | null;
  contentType: string | null;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Answers 500 to the next `count` deliveries (after reading them, as a crashing app would). */
  failNext(count: number): void;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  let failures = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500).end('boom');
        return;
      }
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: req.headers['x-signature']?.toString() ?? null,
        contentType: req.headers['content-type'] ?? null,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/enquiries`,
    received,
    failNext(count) {
      failures = count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
