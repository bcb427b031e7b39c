/**
 * The notifier's send timeout: a server that accepts and then says nothing ends as a SendError after the
 * notifier's timeout (default SEND_TIMEOUT_MS; a shorter one by option), on both channels and the acknowledgement.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import type { Notification } from './compose.ts';
import { createNotifier, SEND_TIMEOUT_MS, SendError } from './notifier.ts';

const NOTIFICATION: Notification = {
  subject: 'New contact request',
  text: 'Hello',
  payload: {
    type: 'contact',
    id: 'c1',
    name: 'Meera',
    email: 'meera@example.in',
    phone: '9845012345',
    message: 'Hello',
    createdAt: '2026-11-26T10:00:00.000Z',
    text: 'Hello',
    content: 'Hello',
    allowed_mentions: { parse: [] },
  },
};

describe('the send timeout', () => {
  let silent: Server;
  let port = 0;
  beforeAll(async () => {
    // Accepts connections and never answers: no SMTP greeting, no HTTP response.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  const env = () =>
    loadEnv({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      NOTIFY_EMAIL_TO: 'staff@delta.example',
      NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
    });

  /** Well under the 10 s default: a notifier that ignored the option would still be waiting. */
  const SHORT = 300;
  const LIMIT = SEND_TIMEOUT_MS / 2;

  /** Times the whole attempt: its synchronous start (where the timer begins) as well as the wait. */
  async function failure(attempt: () => Promise<void>) {
    const started = performance.now();
    const error = await attempt().then(
      () => null,
      (caught: unknown) => caught,
    );
    return { error, elapsed: performance.now() - started };
  }

  it.each([
    ['e-mail', (n: ReturnType<typeof createNotifier>) => n.send('email', NOTIFICATION)],
    ['webhook', (n: ReturnType<typeof createNotifier>) => n.send('webhook', NOTIFICATION)],
    [
      'acknowledgement',
      (n: ReturnType<typeof createNotifier>) => n.acknowledge('a@example.in', NOTIFICATION),
    ],
  ])('gives up on a silent server after the given timeout: %s', async (_, send) => {
    const { error, elapsed } = await failure(() => send(createNotifier(env(), { timeoutMs: SHORT })));
    expect(error).toBeInstanceOf(SendError);
    expect((error as SendError).message).toMatch(/ETIMEDOUT|timed out/);
    expect(elapsed).toBeGreaterThanOrEqual(SHORT - 50);
    expect(elapsed).toBeLessThan(LIMIT);
  });

  it('never waits longer than the leases are sized for', () => {
    for (const timeoutMs of [0, -1, 1.5, SEND_TIMEOUT_MS + 1, Number.NaN])
      expect(() => createNotifier(env(), { timeoutMs })).toThrow(RangeError);
    expect(createNotifier(env(), { timeoutMs: SEND_TIMEOUT_MS }).channels).toEqual(['email', 'webhook']);
  });
});
