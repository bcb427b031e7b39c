/**
 * The runner's front door: which requests it answers itself (its wiring is proven in scripts/serve.test.ts; a
 * function's failure through a real @netlify/dev in function-failure.test.ts).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callsScheduledFunction,
  isCrossSiteRequest,
  isServedMethod,
  scheduledFunctionNames,
  withoutInternalHeaders,
} from './front-door.ts';

const FUNCTIONS = join(import.meta.dirname, '../../netlify/functions');

describe('the front door', () => {
  it('finds the scheduled functions in their own config, and knows every URL that names one', async () => {
    const scheduled = await scheduledFunctionNames(FUNCTIONS);
    expect([...scheduled].sort()).toEqual([
      'backup-scheduler',
      'publish-scheduler',
      'rebuild-scheduler',
      'trash-purge',
    ]);
    for (const url of [
      '/.netlify/functions/backup-scheduler',
      '/.netlify/functions/trash-purge?now=1',
      '/.netlify/functions/rebuild-scheduler/extra',
      '/.netlify/builders/backup-scheduler',
      // @netlify/functions-dev's expression leaves the dot unescaped; whatever it routes, this sees.
      '/_netlify/functions/trash-purge',
    ])
      expect(callsScheduledFunction(url, scheduled), url).toBe(true);
    for (const url of ['/.netlify/functions/api', '/api/v1/homeCourse', '/health', '/backup-scheduler'])
      expect(callsScheduledFunction(url, scheduled), url).toBe(false);
  });

  it('serves the methods Netlify serves and no others', () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
      expect(isServedMethod(method)).toBe(true);
    for (const method of ['TRACE', 'TRACK', 'CONNECT', 'PROPFIND', undefined])
      expect(isServedMethod(method)).toBe(false);
  });

  it("drops Netlify's internal x-nf-* headers and keeps the rest, cookies included", async () => {
    const headers = new Headers({
      'content-type': 'application/json',
      'x-nf-fetch-timing': '127.0.0.1:4711;dur=3'.repeat(2000),
      'x-nf-invocation-metadata': 'e30=',
    });
    headers.append('set-cookie', 'a=1');
    headers.append('set-cookie', 'b=2');
    const cleaned = withoutInternalHeaders(new Response('{"ok":true}', { status: 201, headers }));
    expect(cleaned.status).toBe(201);
    expect([...cleaned.headers.keys()].filter((name) => name.startsWith('x-nf-'))).toEqual([]);
    expect(cleaned.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await cleaned.json()).toEqual({ ok: true });
  });

  it('knows a request another site sent from the browser by its Sec-Fetch-Site or its Origin', () => {
    const host = 'localhost:8888';
    const request = (headers: Record<string, string>) => ({ headers: { host, ...headers } });
    // The functions' own call (Node's fetch: neither header), and the runner's own pages.
    const own: Record<string, string>[] = [
      {},
      { 'sec-fetch-mode': 'cors' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8888' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of own)
      expect(isCrossSiteRequest(request(headers)), JSON.stringify(headers)).toBe(false);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      // Another port of localhost is the same site but another origin: a dev server of some other project.
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:8888' },
    ];
    for (const headers of foreign)
      expect(isCrossSiteRequest(request(headers)), JSON.stringify(headers)).toBe(true);
  });
});
