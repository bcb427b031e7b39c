import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisWithGateway, type RedisWithGateway } from '../../tests/support/redis-server.ts';

describe('Upstash REST gateway', () => {
  let backend: RedisWithGateway;
  const post = (path: string, body: unknown, token = backend.token, encoding = 'base64') =>
    fetch(backend.url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'upstash-encoding': encoding },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    backend = await startRedisWithGateway();
  });
  afterAll(async () => {
    await backend?.stop();
  });

  it('answers single commands with base64 strings, except exactly "OK"', async () => {
    const set = await post('/', ['SET', 'greeting', 'héllo']);
    expect(await set.json()).toEqual({ result: 'OK' });
    const get = await post('/', ['GET', 'greeting']);
    expect(await get.json()).toEqual({ result: Buffer.from('héllo').toString('base64') });
    expect(await (await post('/', ['PING'])).json()).toEqual({
      result: Buffer.from('PONG').toString('base64'),
    });
    expect(await (await post('/', ['INCR', 'n'])).json()).toEqual({ result: 1 });
    expect(await (await post('/', ['GET', 'missing'])).json()).toEqual({ result: null });
    expect(await (await post('/', ['GET', 'greeting'], backend.token, '')).json()).toEqual({
      result: 'héllo',
    });
  });

  it('answers Redis errors as 400 {error} and pipelines per command', async () => {
    const failed = await post('/', ['LPUSH', 'greeting', 'x']);
    expect(failed.status).toBe(400);
    expect((await failed.json()).error).toMatch(/^WRONGTYPE/);
    const pipeline = await post('/pipeline', [
      ['SET', 'p', '1'],
      ['LPUSH', 'p', 'x'],
      ['MGET', 'p', 'nothing'],
    ]);
    const replies = await pipeline.json();
    expect(replies[0]).toEqual({ result: 'OK' });
    expect(replies[1].error).toMatch(/^WRONGTYPE/);
    expect(replies[2]).toEqual({ result: [Buffer.from('1').toString('base64'), null] });
  });

  it('runs /multi-exec as one transaction', async () => {
    const response = await post('/multi-exec', [
      ['SET', 'tx', 'a'],
      ['APPEND', 'tx', 'b'],
      ['GET', 'tx'],
    ]);
    expect(await response.json()).toEqual([
      { result: 'OK' },
      { result: 2 },
      { result: Buffer.from('ab').toString('base64') },
    ]);
  });

  it('reports runtime errors per command in a transaction and refuses a transaction that cannot queue', async () => {
    const mixed = await (
      await post('/multi-exec', [
        ['SET', 'tx2', 'a'],
        ['LPUSH', 'tx2', 'x'],
        ['GET', 'tx2'],
      ])
    ).json();
    expect(mixed[0]).toEqual({ result: 'OK' });
    expect(mixed[1].error).toMatch(/^WRONGTYPE/);
    expect(mixed[2]).toEqual({ result: Buffer.from('a').toString('base64') });
    const aborted = await post('/multi-exec', [['SET', 'tx3', 'a'], ['NOSUCHCOMMAND']]);
    expect(aborted.status).toBe(400);
    expect((await aborted.json()).error).toMatch(/unknown command/i);
    expect(await (await post('/', ['EXISTS', 'tx3'])).json()).toEqual({ result: 0 });
  });

  it('refuses a missing or wrong token with 401', async () => {
    expect((await post('/', ['PING'], 'wrong')).status).toBe(401);
    expect((await fetch(backend.url, { method: 'POST', body: '["PING"]' })).status).toBe(401);
  });

  it('runs @upstash/ratelimit scripts (Upstash-only flag stripped, EVALSHA mapped)', async () => {
    const redis = new Redis({ url: backend.url, token: backend.token, enableTelemetry: false });
    for (const [name, limiter] of [
      ['sliding', Ratelimit.slidingWindow(2, '10 s')],
      ['fixed', Ratelimit.fixedWindow(2, '10 s')],
      ['bucket', Ratelimit.tokenBucket(1, '10 s', 2)],
    ] as const) {
      const ratelimit = new Ratelimit({ redis, limiter, prefix: name, ephemeralCache: false });
      const results = [];
      for (let i = 0; i < 3; i++) results.push((await ratelimit.limit('client')).success);
      expect(results, name).toEqual([true, true, false]);
    }
  });

  it('makes the client fail when Redis behind it dies', async () => {
    const own = await startRedisWithGateway();
    const redis = new Redis({ url: own.url, token: own.token, retry: false, enableTelemetry: false });
    expect(await redis.set('k', 'v')).toBe('OK');
    await own.redis.stop();
    await expect(redis.get('k')).rejects.toThrow(/unavailable/);
    await own.stop();
    await expect(redis.get('k')).rejects.toThrow();
  });
});
