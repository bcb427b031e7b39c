/**
 * The runner's CDN emulation: which headers let it keep an answer and for how long, what it serves when the copy
 * is stale or the origin fails, purge by tag, and its byte-bounded memory. The origin here is a plain function
 * answering Responses, as @netlify/dev does; the runner's wiring is exercised by tests/e2e/cdn-cache.spec.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createCachePurger } from '../../src/server/cdn/cache-purge.ts';
import {
  cacheTagsOf,
  cdnRuleOf,
  createCdnCache,
  LOCAL_NETLIFY_API_PATH,
  parseDirectives,
  storableRule,
  type Origin,
} from './cdn-cache.ts';

const PUBLIC = 'public, durable, s-maxage=31536000, stale-while-revalidate=86400';

function answer(body: string, headers: Record<string, string> = {}, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain', ...headers } });
}

/** An origin that answers from a queue of makers and counts its calls. */
function originOf(...makers: (() => Response | Promise<Response>)[]) {
  const calls: (Request | undefined)[] = [];
  const origin: Origin = async (request) => {
    calls.push(request);
    const make = makers[Math.min(calls.length - 1, makers.length - 1)]!;
    return make();
  };
  return { origin, calls };
}

const get = (url: string) => ({ method: 'GET', url, headers: new Headers() });

describe('CDN headers', () => {
  it('parses directives, quoted values and bare names, case-insensitively', () => {
    const directives = parseDirectives('Public, S-MaxAge=60, stale-while-revalidate="30", durable');
    expect(directives.get('public')).toBe(true);
    expect(directives.get('s-maxage')).toBe('60');
    expect(directives.get('stale-while-revalidate')).toBe('30');
    expect(directives.get('durable')).toBe(true);
  });

  it('lets the most specific header decide, max-age counting only in the targeted ones', () => {
    const rule = (headers: Record<string, string>) => cdnRuleOf(new Headers(headers));
    expect(rule({ 'netlify-cdn-cache-control': PUBLIC, 'cache-control': 'no-store' })).toEqual({
      ttlSeconds: 31536000,
      staleWhileRevalidateSeconds: 86400,
      staleIfErrorSeconds: 0,
      durable: true,
    });
    expect(rule({ 'cdn-cache-control': 'public, max-age=60, stale-if-error=600' })).toMatchObject({
      ttlSeconds: 60,
      staleIfErrorSeconds: 600,
      durable: false,
    });
    // The browser's max-age is not the CDN's.
    expect(rule({ 'cache-control': 'public, max-age=600' })).toBeNull();
    expect(rule({ 'cache-control': 'public, max-age=0, s-maxage=120' })).toMatchObject({ ttlSeconds: 120 });
    // A targeted header that says no wins over a Cache-Control that says yes.
    expect(rule({ 'netlify-cdn-cache-control': 'no-store', 'cache-control': 's-maxage=60' })).toBeNull();
    expect(rule({ 'netlify-cdn-cache-control': 'private, s-maxage=60' })).toBeNull();
    expect(rule({ 'netlify-cdn-cache-control': 'public, s-maxage=0' })).toBeNull();
    expect(rule({})).toBeNull();
  });

  it('never keeps a 5xx or an answer that sets a cookie', () => {
    expect(storableRule(answer('x', { 'netlify-cdn-cache-control': PUBLIC }))).not.toBeNull();
    expect(storableRule(answer('x', { 'netlify-cdn-cache-control': PUBLIC }, 503))).toBeNull();
    expect(storableRule(answer('x', { 'netlify-cdn-cache-control': PUBLIC }, 500))).toBeNull();
    expect(
      storableRule(answer('x', { 'netlify-cdn-cache-control': PUBLIC, 'set-cookie': 'a=1' })),
    ).toBeNull();
  });

  it('reads comma-separated tags', () => {
    expect(cacheTagsOf(new Headers({ 'netlify-cache-tag': 'course, course:abc,,batch' }))).toEqual([
      'course',
      'course:abc',
      'batch',
    ]);
  });
});

describe('the CDN cache', () => {
  it('answers a miss from the origin, then hits without it, and strips the CDN-only headers', async () => {
    const cache = createCdnCache();
    const { origin, calls } = originOf(() =>
      answer('fees', { 'netlify-cdn-cache-control': PUBLIC, 'netlify-cache-tag': 'course' }),
    );
    const first = await cache.serve(get('/api/v1/course'), origin);
    expect(first.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss');
    expect(await first.text()).toBe('fees');
    const second = await cache.serve(get('/api/v1/course'), origin);
    expect(second.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(await second.text()).toBe('fees');
    expect(second.headers.has('netlify-cdn-cache-control')).toBe(false);
    expect(second.headers.has('netlify-cache-tag')).toBe(false);
    expect(calls).toHaveLength(1);
    // HEAD is answered from the same copy, without a body.
    const head = await cache.serve({ ...get('/api/v1/course'), method: 'HEAD' }, origin);
    expect(head.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(calls).toHaveLength(1);
  });

  it('passes bodyless answers (204, 304) through, kept or not', async () => {
    const cache = createCdnCache();
    const empty = () => new Response(null, { status: 204, headers: { 'netlify-cdn-cache-control': PUBLIC } });
    const { origin } = originOf(empty);
    expect((await cache.serve(get('/empty'), origin)).status).toBe(204);
    const again = await cache.serve(get('/empty'), origin);
    expect(again.status).toBe(204);
    expect(again.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    const deleted = await cache.serve({ ...get('/api/v1/thing'), method: 'DELETE' }, originOf(empty).origin);
    expect(deleted.status).toBe(204);
  });

  it('keeps nothing the headers forbid, and nothing for other methods', async () => {
    const cache = createCdnCache();
    const forbidding: Record<string, string>[] = [
      { 'cache-control': 'no-store' },
      { 'netlify-cdn-cache-control': 'private, no-store' },
    ];
    for (const headers of forbidding) {
      const { origin, calls } = originOf(() => answer('x', headers));
      await cache.serve(get('/private'), origin);
      const again = await cache.serve(get('/private'), origin);
      expect(again.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss');
      expect(calls).toHaveLength(2);
    }
    const { origin, calls } = originOf(() => answer('x', { 'netlify-cdn-cache-control': PUBLIC }));
    await cache.serve({ ...get('/api/v1/contact'), method: 'POST' }, origin);
    await cache.serve(get('/api/v1/contact'), origin);
    expect(calls).toHaveLength(2);
  });

  it('purges by tag, and everything when no tag is named', async () => {
    const cache = createCdnCache();
    const tagged = (tag: string) =>
      originOf(() => answer(tag, { 'netlify-cdn-cache-control': PUBLIC, 'netlify-cache-tag': tag }));
    const course = tagged('course');
    const article = tagged('article');
    await cache.serve(get('/course'), course.origin);
    await cache.serve(get('/article'), article.origin);
    expect(cache.purge(['course'])).toBe(1);
    expect((await cache.serve(get('/course'), course.origin)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; fwd=miss',
    );
    expect((await cache.serve(get('/article'), article.origin)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; hit',
    );
    expect(cache.purge([])).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('serves a stale copy while it revalidates in the background, then the new one', async () => {
    let clock = 0;
    const cache = createCdnCache({ now: () => clock });
    let version = 1;
    const { origin, calls } = originOf(() =>
      answer(`v${version}`, {
        'netlify-cdn-cache-control': 'public, s-maxage=10, stale-while-revalidate=60',
      }),
    );
    await cache.serve(get('/page'), origin);
    version = 2;
    clock = 20_000;
    const stale = await cache.serve(get('/page'), origin);
    expect(stale.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
    expect(await stale.text()).toBe('v1');
    // The revalidation asks with its own request, for the same URL.
    await expect.poll(() => calls.length).toBe(2);
    expect(new URL(calls[1]!.url).pathname).toBe('/page');
    await expect.poll(async () => (await cache.serve(get('/page'), origin)).text()).toBe('v2');
  });

  it('serves a durable or stale-if-error copy when the origin fails, and never keeps the 5xx', async () => {
    let clock = 0;
    const cache = createCdnCache({ now: () => clock });
    let up = true;
    const failing = (headers: Record<string, string>) =>
      originOf(() => (up ? answer('good', headers) : answer('down', {}, 503)));
    const durable = failing({ 'netlify-cdn-cache-control': 'public, durable, s-maxage=10' });
    const withinError = failing({ 'netlify-cdn-cache-control': 'public, s-maxage=10, stale-if-error=60' });
    const plain = failing({ 'netlify-cdn-cache-control': 'public, s-maxage=10' });
    await cache.serve(get('/durable'), durable.origin);
    await cache.serve(get('/within'), withinError.origin);
    await cache.serve(get('/plain'), plain.origin);
    up = false;
    clock = 30_000;
    const fromDurable = await cache.serve(get('/durable'), durable.origin);
    expect(fromDurable.status).toBe(200);
    expect(fromDurable.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
    expect(await fromDurable.text()).toBe('good');
    expect(await (await cache.serve(get('/within'), withinError.origin)).text()).toBe('good');
    // Past stale-if-error, and not durable: the failure goes through.
    expect((await cache.serve(get('/plain'), plain.origin)).status).toBe(503);
    clock = 100_000;
    expect((await cache.serve(get('/within'), withinError.origin)).status).toBe(503);
    // The durable copy is still there: no 5xx replaced it.
    expect(await (await cache.serve(get('/durable'), durable.origin)).text()).toBe('good');
    // An origin that does not answer at all counts as failed too.
    const silent: Origin = () => Promise.reject(new Error('socket hang up'));
    expect(await (await cache.serve(get('/durable'), silent)).text()).toBe('good');
    await expect(cache.serve(get('/never-kept'), silent)).rejects.toThrow('socket hang up');
  });

  it('stays within its byte budget, dropping the least recently used answers first', async () => {
    const cache = createCdnCache({ maxBytes: 8_000 });
    // About 620 bytes an answer with its headers and key: twelve fit.
    const origin = originOf(() => answer('x'.repeat(500), { 'netlify-cdn-cache-control': PUBLIC })).origin;
    for (let n = 0; n < 6; n++) await cache.serve(get(`/page-${n}`), origin);
    // Touch the first, so the second is now the least recently used.
    expect((await cache.serve(get('/page-0'), origin)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; hit',
    );
    for (let n = 6; n < 13; n++) await cache.serve(get(`/page-${n}`), origin);
    expect(cache.stats().bytes).toBeLessThanOrEqual(8_000);
    expect(cache.stats().entries).toBe(12);
    expect((await cache.serve(get('/page-0'), origin)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; hit',
    );
    expect((await cache.serve(get('/page-1'), origin)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; fwd=miss',
    );
    // An answer bigger than an eighth of the budget is served but never kept.
    const big = originOf(() => answer('y'.repeat(2_000), { 'netlify-cdn-cache-control': PUBLIC })).origin;
    expect(await (await cache.serve(get('/big'), big)).text()).toHaveLength(2_000);
    expect((await cache.serve(get('/big'), big)).headers.get('cache-status')).toBe(
      '"Netlify Edge"; fwd=miss',
    );
  });
});

describe("the runner's purge API", () => {
  it("answers @netlify/functions' own purgeCache call, by tag and for everything, with its token only", async () => {
    const cache = createCdnCache();
    const server = createServer((req, res) => {
      if (!cache.handlePurgeCall(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const apiURL = `http://localhost:${port}${LOCAL_NETLIFY_API_PATH}`;
    try {
      const tagged = (tag: string) =>
        originOf(() => answer(tag, { 'netlify-cdn-cache-control': PUBLIC, 'netlify-cache-tag': tag })).origin;
      for (const tag of ['course', 'article', 'batch']) await cache.serve(get(`/${tag}`), tagged(tag));
      const purge = createCachePurger({ token: cache.token, siteID: 'local-site', apiURL });
      await purge(['course']);
      expect(cache.stats()).toMatchObject({ entries: 2, purgeCalls: 1 });
      await purge([]);
      expect(cache.stats()).toMatchObject({ entries: 0, purgeCalls: 2 });

      await cache.serve(get('/batch'), tagged('batch'));
      const wrongToken = createCachePurger({ token: 'guessed', siteID: 'local-site', apiURL });
      await expect(wrongToken(['batch'])).rejects.toThrow('status code: 401');
      expect(cache.stats().entries).toBe(1);
      // Any other path of the runner's API is not found; other paths are not the purge API's at all.
      expect((await fetch(`http://localhost:${port}${LOCAL_NETLIFY_API_PATH}/api/v1/sites`)).status).toBe(
        404,
      );
      expect((await fetch(`http://localhost:${port}/api/v1/purge`, { method: 'POST' })).status).toBe(418);
    } finally {
      server.close();
    }
  });
  it('takes the token it is started with (a bench purging by itself), a random one otherwise', () => {
    expect(createCdnCache({ token: 'given-token' }).token).toBe('given-token');
    expect(createCdnCache().token).toMatch(/^[\w-]{32}$/);
    expect(createCdnCache().token).not.toBe(createCdnCache().token);
  });
});
