/**
 * Writes a Fetch `Response` (what @netlify/dev hands back) to a Node response, compressed by `Accept-Encoding` as
 * Netlify's edge does: brotli, else gzip, for text, JS, JSON, XML and SVG. @netlify/dev sends everything
 * uncompressed, so without this a local Lighthouse run charges a phone 2–3× the bytes production sends.
 *
 * Hand-written on node:zlib rather than the `compression` middleware: that one wraps an Express-style `res` and
 * its writes, while here the body is a web stream with all its headers known up front, which makes the decision
 * a few header checks; and no negotiator package is a dependency of the project.
 */
import type http from 'node:http';
import { Readable, pipeline, type Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Types worth compressing; images (other than SVG), fonts in woff2, archives and video already are. */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(javascript|json|[\w.+-]*\+json|xml|[\w.+-]*\+xml|manifest\+json)|image\/svg\+xml)/i;
/** Below this a compressed body saves less than its framing and the work costs more than the bytes. */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0), brotli first; `*` counts for both. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0 && quality('br') >= quality('gzip')) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/** Whether this type and these headers allow compression at all (then the response also varies by encoding). */
function compressible(status: number, headers: Headers): boolean {
  if (status === 204 || status === 206 || status === 304) return false;
  if (headers.has('content-encoding') || headers.has('content-range')) return false;
  if (/\bno-transform\b/i.test(headers.get('cache-control') ?? '')) return false;
  if (!COMPRESSIBLE.test(headers.get('content-type') ?? '')) return false;
  const length = headers.get('content-length');
  return length === null || Number(length) >= MIN_COMPRESS_BYTES;
}

function encoder(encoding: Encoding): Transform {
  // Quality 5 / level 6: what CDNs use for on-the-fly compression; brotli's 11 costs ~20× the CPU for ~5 %.
  return encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

/**
 * Reads up to MIN_COMPRESS_BYTES of a body of unknown length (@netlify/dev sends no Content-Length for static
 * files), so a tiny one can still go out as it is. The returned stream replays what was read, then the rest.
 */
async function peek(body: Readable): Promise<{ size: number; complete: boolean; stream: Readable }> {
  const iterator = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  const head: Uint8Array[] = [];
  let size = 0;
  let complete = false;
  while (size < MIN_COMPRESS_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      complete = true;
      break;
    }
    head.push(next.value);
    size += next.value.byteLength;
  }
  async function* replay() {
    yield* head;
    if (complete) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { size, complete, stream: Readable.from(replay(), { objectMode: false }) };
}

/** Sends `response` on `res`, compressed when the type, size and the request's Accept-Encoding allow. */
export async function sendFetchResponse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  response: Response,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, key) => {
    headers[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
  });
  const compress = compressible(response.status, response.headers);
  if (compress) {
    const vary = response.headers.get('vary');
    if (!vary || !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
      headers.vary = vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding';
  }
  let encoding = compress ? chooseEncoding(req.headers['accept-encoding']) : null;
  let body =
    response.body && req.method !== 'HEAD' ? Readable.fromWeb(response.body as WebReadableStream) : null;
  if (!body) void response.body?.cancel();
  if (encoding && body && !response.headers.has('content-length')) {
    const peeked = await peek(body);
    body = peeked.stream;
    if (peeked.complete && peeked.size < MIN_COMPRESS_BYTES) {
      encoding = null;
      headers['content-length'] = String(peeked.size);
    }
  }
  if (encoding) {
    headers['content-encoding'] = encoding;
    delete headers['content-length'];
    // Another representation of the same resource: a strong validator would claim byte equality with it.
    const etag = response.headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.etag = `W/${etag}`;
  }
  // The client left while the response was made (a closed tab, an aborted fetch): nothing to send it.
  if (res.destroyed) {
    body?.destroy();
    return;
  }
  res.writeHead(response.status, headers);
  if (!body) {
    res.end();
    return;
  }
  const onError = (error: Error | null) => {
    if (error) res.destroy(error);
  };
  if (encoding) pipeline(body, encoder(encoding), res, onError);
  else pipeline(body, res, onError);
}
