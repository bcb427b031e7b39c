/**
 * The runner's compression over a real HTTP connection: responses of every kind the runner forwards from
 * @netlify/dev (static files without Content-Length, function JSON, images, ranges, HEAD), read raw by node:http
 * so that the encoding on the wire is what is checked, then decoded and compared with what was sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, chooseEncoding, sendFetchResponse } from './compress.ts';

const HTML = `<!doctype html><html><body>${'<p>DeltaSecure courses and services.</p>'.repeat(200)}</body></html>`;
const JSON_BODY = JSON.stringify({ success: true, data: Array.from({ length: 300 }, (_, i) => ({ i })) });
const SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(100)}</svg>`;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000, 7)]);

/** What the runner got from @netlify/dev for each path (a fresh Response per request, as there). */
const routes: Record<string, () => Response> = {
  '/page': () => new Response(HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
  '/api': () =>
    new Response(JSON_BODY, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(JSON_BODY)),
        vary: 'Origin',
        etag: '"v1"',
      },
    }),
  '/icon.svg': () => new Response(SVG, { headers: { 'content-type': 'image/svg+xml' } }),
  '/picture.png': () =>
    new Response(PNG, { headers: { 'content-type': 'image/png', 'content-length': String(PNG.length) } }),
  '/robots.txt': () =>
    new Response('User-agent: *\nAllow: /\n', { headers: { 'content-type': 'text/plain' } }),
  '/range': () =>
    new Response(HTML.slice(0, 2000), {
      status: 206,
      headers: { 'content-type': 'text/html', 'content-range': `bytes 0-1999/${HTML.length}` },
    }),
  '/cookies': () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    return new Response(JSON_BODY, { headers });
  },
  '/no-transform': () =>
    new Response(HTML, { headers: { 'content-type': 'text/html', 'cache-control': 'no-transform' } }),
  // A body that arrives in pieces over time, as a function's streamed answer does.
  '/stream': () => {
    const encoder = new TextEncoder();
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (sent === 10) return controller.close();
        controller.enqueue(encoder.encode(HTML.slice(sent * 600, (sent + 1) * 600)));
        sent += 1;
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/html' } });
  },
};

let server: http.Server;
let port: number;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    void sendFetchResponse(req, res, routes[req.url ?? '']?.() ?? new Response(null, { status: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

const decode = ({ headers, bytes }: Raw) => {
  if (headers['content-encoding'] === 'br') return brotliDecompressSync(bytes).toString();
  if (headers['content-encoding'] === 'gzip') return gunzipSync(bytes).toString();
  return bytes.toString();
};

const BROWSER = 'gzip, deflate, br, zstd';

describe('compression in the local runner', () => {
  it.each([
    ['/page', HTML],
    ['/api', JSON_BODY],
    ['/icon.svg', SVG],
    ['/stream', HTML.slice(0, 6000)],
  ])('brotli for a browser on %s, the same content after decoding, far fewer bytes', async (path, sent) => {
    const raw = await get(path, BROWSER);
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-length']).toBeUndefined();
    expect(String(raw.headers.vary)).toMatch(/Accept-Encoding/);
    expect(decode(raw)).toBe(sent);
    expect(raw.bytes.length).toBeLessThan(Buffer.byteLength(sent) / 3);
  });

  it('negotiates by Accept-Encoding: gzip when brotli is refused or absent, nothing for identity', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const raw = await get('/page', accept);
      expect(raw.headers['content-encoding']).toBe('gzip');
      expect(decode(raw)).toBe(HTML);
    }
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const raw = await get('/page', accept);
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.headers.vary).toBe('Accept-Encoding');
      expect(raw.bytes.toString()).toBe(HTML);
    }
  });

  it('keeps the other headers: Vary extended, ETag weakened, every Set-Cookie', async () => {
    const api = await get('/api', BROWSER);
    expect(api.headers.vary).toBe('Origin, Accept-Encoding');
    expect(api.headers.etag).toBe('W/"v1"');
    const cookies = await get('/cookies', BROWSER);
    expect(cookies.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(decode(cookies)).toBe(JSON_BODY);
  });

  it('passes through what is compressed already, tiny, partial or marked no-transform', async () => {
    const png = await get('/picture.png', BROWSER);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.headers['content-length']).toBe(String(PNG.length));
    expect(png.bytes.equals(PNG)).toBe(true);

    const robots = await get('/robots.txt', BROWSER);
    expect(robots.bytes.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.headers['content-length']).toBe(String(robots.bytes.length));
    expect(robots.bytes.toString()).toBe('User-agent: *\nAllow: /\n');

    const range = await get('/range', BROWSER);
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.bytes.toString()).toBe(HTML.slice(0, 2000));

    const kept = await get('/no-transform', BROWSER);
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.bytes.toString()).toBe(HTML);
  });

  it('answers HEAD with the headers GET would have and no body', async () => {
    const head = await get('/page', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.bytes.length).toBe(0);
    const picture = await get('/picture.png', BROWSER, 'HEAD');
    expect(picture.headers['content-length']).toBe(String(PNG.length));
    expect(picture.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding like a browser does', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
