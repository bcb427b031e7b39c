/**
 * A real redis-server for tests: ephemeral loopback port, no persistence, stopped by the test that started it.
 * `startRedisWithGateway()` adds the Upstash REST gateway so tests drive the real @upstash/redis client.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import { startUpstashGateway, type UpstashGateway } from '../../scripts/dev/upstash-gateway.ts';
import { freePort } from '../../scripts/dev/ports.ts';

export interface TestRedisServer {
  url: string;
  port: number;
  /** The server's process (an e2e spec pauses it to take the store down for a moment). */
  pid: number;
  stop(): Promise<void>;
}

export interface RedisWithGateway {
  redis: TestRedisServer;
  gateway: UpstashGateway;
  /** Options for createRedisRepository / new Redis(). */
  url: string;
  token: string;
  /** Paths of every HTTP request the gateway received, in order (round trips). */
  requests: string[];
  stop(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/** Resolves once the server answers PING with PONG. */
export async function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

async function startOnce(port: number): Promise<{ child: ChildProcess; ready: boolean }> {
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => (exited = true));
  child.once('error', () => (exited = true));
  for (let attempt = 0; attempt < 100 && !exited; attempt++) {
    if (await answersPing(port)) return { child, ready: true };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  return { child, ready: false };
}

export async function startRedisServer(): Promise<TestRedisServer> {
  // A port that was free a moment ago can be taken by another test run meanwhile: try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const { child, ready } = await startOnce(port);
    if (!ready) continue;
    let stopped: Promise<void> | undefined;
    return {
      port,
      pid: child.pid ?? 0,
      url: `redis://127.0.0.1:${port}`,
      stop() {
        stopped ??= new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
        return stopped;
      },
    };
  }
  throw new Error(`Could not start ${REDIS_SERVER}`);
}

export async function startRedisWithGateway(): Promise<RedisWithGateway> {
  const redis = await startRedisServer();
  const token = randomBytes(16).toString('hex');
  const requests: string[] = [];
  const gateway = await startUpstashGateway({
    redisUrl: redis.url,
    token,
    onRequest: (path) => requests.push(path),
  });
  let stopped: Promise<void> | undefined;
  return {
    redis,
    gateway,
    url: gateway.url,
    token,
    requests,
    stop() {
      stopped ??= (async () => {
        await gateway.close();
        await redis.stop();
      })();
      return stopped;
    },
  };
}
