/**
 * A small Upstash-REST-compatible gateway in front of a real redis-server, so the real `@upstash/redis` client
 * (and `@upstash/ratelimit`) runs unchanged in tests, the local runner and benchmarks.
 *
 * Protocol as @upstash/redis 1.39 speaks it: `POST /` with one command array → `{result}` (a Redis error →
 * 400 `{error}`); `POST /pipeline` and `POST /multi-exec` with an array of commands → `[{result}|{error}]`;
 * `Authorization: Bearer <token>` or 401. With `Upstash-Encoding: base64` every string reply is base64 except
 * exactly "OK". When Redis is unreachable the gateway answers 503, so the client always sees an error.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, RESP_TYPES } from 'redis';

export interface UpstashGatewayOptions {
  redisUrl: string;
  token: string;
  /** Defaults to an ephemeral port on 127.0.0.1. */
  port?: number;
  host?: string;
  /** Called once per HTTP request with its path ('/', '/pipeline', '/multi-exec'): tests count round trips. */
  onRequest?: (path: string) => void;
}

export interface UpstashGateway {
  url: string;
  token: string;
  close(): Promise<void>;
}

type Command = Array<string | number | boolean>;
type Outcome = { result: unknown } | { error: string };

/** Only Upstash accepts this script flag; plain Redis rejects it. */
const UPSTASH_ONLY_SHEBANG = /^#!lua flags=allow-key-locking[^\n]*/;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function encode(reply: unknown, base64: boolean): unknown {
  if (Buffer.isBuffer(reply)) {
    const text = reply.toString('utf8');
    return !base64 || text === 'OK' ? text : reply.toString('base64');
  }
  if (Array.isArray(reply)) return reply.map((element) => encode(element, base64));
  if (typeof reply === 'bigint') return Number(reply);
  return reply ?? null;
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function startUpstashGateway(options: UpstashGatewayOptions): Promise<UpstashGateway> {
  const connect = async () => {
    const client = createClient({
      url: options.redisUrl,
      RESP: 2,
      // Fail commands at once while Redis is away instead of queueing them until it returns.
      disableOfflineQueue: true,
      socket: { reconnectStrategy: (retries) => Math.min(retries * 50, 1000) },
    }).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer, [RESP_TYPES.SIMPLE_STRING]: Buffer });
    client.on('error', () => {
      // Reconnection is automatic; requests meanwhile get a 503.
    });
    await client.connect();
    return client;
  };
  const redis = await connect();
  // node-redis's own multi() decodes EXEC without the Buffer mapping, so transactions send MULTI … EXEC
  // themselves, one at a time, on a connection of their own.
  const transactions = await connect();
  let transactionQueue: Promise<unknown> = Promise.resolve();

  /** Original script SHA → SHA of the script Redis actually holds (flag stripped). */
  const scriptShas = new Map<string, string>();
  const expectedToken = Buffer.from(`Bearer ${options.token}`);

  function rewrite(command: Command): string[] {
    const args = command.map(String);
    const name = (args[0] ?? '').toUpperCase();
    const scriptIndex =
      name === 'EVAL' || name === 'EVAL_RO'
        ? 1
        : name === 'SCRIPT' && args[1]?.toUpperCase() === 'LOAD'
          ? 2
          : -1;
    const script = args[scriptIndex];
    if (script !== undefined && UPSTASH_ONLY_SHEBANG.test(script)) {
      const stripped = script.replace(UPSTASH_ONLY_SHEBANG, '');
      scriptShas.set(sha1(script), sha1(stripped));
      args[scriptIndex] = stripped;
    }
    if ((name === 'EVALSHA' || name === 'EVALSHA_RO') && args[1])
      args[1] = scriptShas.get(args[1]) ?? args[1];
    return args;
  }

  /** SCRIPT LOAD answers the SHA the client computed from the script it sent. */
  const loadedSha = (command: Command, reply: unknown) =>
    String(command[0]).toUpperCase() === 'SCRIPT' && String(command[1]).toUpperCase() === 'LOAD'
      ? Buffer.from(sha1(String(command[2])))
      : reply;

  async function run(command: Command): Promise<Outcome> {
    try {
      return { result: loadedSha(command, await redis.sendCommand(rewrite(command))) };
    } catch (error) {
      if (!redis.isReady) throw new HttpError(503, 'Redis is unavailable');
      return { error: errorMessage(error) };
    }
  }

  async function runTransaction(commands: Command[]): Promise<Outcome[]> {
    const unavailable = () => new HttpError(503, 'Redis is unavailable');
    try {
      await transactions.sendCommand(['MULTI']);
    } catch {
      throw unavailable();
    }
    let queueError: string | undefined;
    for (const command of commands) {
      await transactions.sendCommand(rewrite(command)).catch((error: unknown) => {
        queueError ??= errorMessage(error);
      });
    }
    let replies: unknown;
    try {
      replies = await transactions.sendCommand(['EXEC']);
    } catch (error) {
      if (!transactions.isReady) throw unavailable();
      throw new HttpError(400, queueError ?? errorMessage(error));
    }
    if (!Array.isArray(replies)) throw new HttpError(400, 'Transaction discarded');
    return replies.map((reply: unknown, index) =>
      reply instanceof Error ? { error: reply.message } : { result: loadedSha(commands[index] ?? [], reply) },
    );
  }

  function transaction(commands: Command[]): Promise<Outcome[]> {
    const result = transactionQueue.then(() => runTransaction(commands));
    transactionQueue = result.catch(() => undefined);
    return result;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const given = Buffer.from(req.headers.authorization ?? '');
      if (given.length !== expectedToken.length || !timingSafeEqual(given, expectedToken)) {
        throw new HttpError(401, 'Unauthorized');
      }
      if (req.method !== 'POST') throw new HttpError(405, 'Method not allowed');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        throw new HttpError(400, 'Invalid JSON body');
      }
      const base64 = String(req.headers['upstash-encoding'] ?? '').toLowerCase() === 'base64';
      const isCommand = (value: unknown): value is Command => Array.isArray(value) && value.length > 0;
      const path = new URL(req.url ?? '/', 'http://gateway').pathname.replace(/\/+$/, '');
      options.onRequest?.(path || '/');
      const encodeOutcome = (outcome: Outcome) =>
        'result' in outcome ? { result: encode(outcome.result, base64) } : outcome;

      if (path === '/pipeline' || path === '/multi-exec') {
        if (!Array.isArray(body) || !body.every(isCommand))
          throw new HttpError(400, 'Expected an array of commands');
        const outcomes = path === '/pipeline' ? await Promise.all(body.map(run)) : await transaction(body);
        send(200, outcomes.map(encodeOutcome));
      } else if (path === '') {
        if (!isCommand(body)) throw new HttpError(400, 'Expected a command array');
        const outcome = await run(body);
        send('error' in outcome ? 400 : 200, encodeOutcome(outcome));
      } else {
        throw new HttpError(404, 'Not found');
      }
    } catch (error) {
      send(error instanceof HttpError ? error.status : 500, { error: errorMessage(error) });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    token: options.token,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([redis, transactions].map((client) => client.close().catch(() => client.destroy())));
    },
  };
}
