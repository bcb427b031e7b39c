/**
 * Netlify's CDN cache as the local runner plays it, so tests and benches see what production visitors see: GET
 * answers are kept by URL for as long as `Netlify-CDN-Cache-Control` (else `CDN-Cache-Control`, else
 * `Cache-Control`'s s-maxage) allows, served stale while revalidating in the background, served stale when the
 * origin fails (within stale-if-error, or at any age for a `durable` copy), and purged by cache tag through the
 * same HTTP call `purgeCache` from @netlify/functions makes to Netlify's API. Every GET/HEAD answer says what
 * happened in a `Cache-Status` header like Netlify's; the CDN-only headers never reach the browser.
 *
 * Directives are parsed here rather than with http-cache-semantics: that library models a browser's or a
 * shared proxy's RFC 9111 cache, reads only `Cache-Control`, and knows neither the targeted CDN headers nor
 * `durable` nor purge by tag. Memory is bounded by lru-cache's byte size.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { LRUCache } from 'lru-cache';
import { isLocalRequest, pathnameOf } from './front-door.ts';

/** Where the runner answers Netlify's API for the functions' purge calls (`${apiURL}/api/v1/purge`). */
export const LOCAL_NETLIFY_API_PATH = '/__local/netlify-api';
const PURGE_PATH = `${LOCAL_NETLIFY_API_PATH}/api/v1/purge`;

/** How long a kept answer is fresh, and how long past that a stale copy may still be served. */
export interface CdnRule {
  ttlSeconds: number;
  staleWhileRevalidateSeconds: number;
  staleIfErrorSeconds: number;
  /** A durable copy is served whenever the origin fails, however old. */
  durable: boolean;
}

/** Statuses a CDN keeps (RFC 9110's heuristically cacheable ones that a function here answers with). */
const CACHEABLE_STATUSES = new Set([200, 203, 204, 300, 301, 308, 404, 410]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Headers the CDN reads and Netlify removes before the browser. */
const CDN_ONLY_HEADERS = ['netlify-cdn-cache-control', 'netlify-cache-tag', 'cache-tag', 'netlify-vary'];

/** Directive name → value (`true` for a bare directive), names lower-cased. */
export function parseDirectives(header: string): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of header.split(',')) {
    const [name = '', ...rest] = part.split('=');
    const key = name.trim().toLowerCase();
    if (!key) continue;
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    directives.set(key, rest.length ? value : true);
  }
  return directives;
}

const seconds = (value: string | true | undefined): number | undefined => {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
};

/**
 * What the CDN may do with an answer carrying these headers, or null when it keeps nothing. The most specific
 * header present decides alone, as on Netlify; in the targeted headers max-age speaks to the CDN too.
 */
export function cdnRuleOf(headers: Headers): CdnRule | null {
  const targeted = headers.get('netlify-cdn-cache-control') ?? headers.get('cdn-cache-control');
  const header = targeted ?? headers.get('cache-control');
  if (header === null) return null;
  const directives = parseDirectives(header);
  if (['private', 'no-store', 'no-cache'].some((name) => directives.has(name))) return null;
  const ttl =
    seconds(directives.get('s-maxage')) ??
    (targeted === null ? undefined : seconds(directives.get('max-age')));
  if (ttl === undefined) return null;
  const rule: CdnRule = {
    ttlSeconds: ttl,
    staleWhileRevalidateSeconds: seconds(directives.get('stale-while-revalidate')) ?? 0,
    staleIfErrorSeconds: seconds(directives.get('stale-if-error')) ?? 0,
    durable: directives.has('durable'),
  };
  return rule.ttlSeconds + rule.staleWhileRevalidateSeconds > 0 || rule.durable ? rule : null;
}

/** The rule to keep an answer by, or null: never a 5xx, an answer that sets a cookie, or an uncacheable status. */
export function storableRule(response: Response): CdnRule | null {
  if (!CACHEABLE_STATUSES.has(response.status) || response.headers.has('set-cookie')) return null;
  return cdnRuleOf(response.headers);
}

/** The answer's cache tags (`Netlify-Cache-Tag`, else `Cache-Tag`), comma-separated. */
export function cacheTagsOf(headers: Headers): string[] {
  const header = headers.get('netlify-cache-tag') ?? headers.get('cache-tag') ?? '';
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

interface Entry {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  rule: CdnRule;
  tags: string[];
}

export type CacheStatus = 'hit' | 'fwd=miss' | 'fwd=stale';

/** The answer as the browser gets it: the CDN's own headers gone, and what the cache did said. */
function forBrowser(
  source: { status: number; statusText: string; headers: Headers | [string, string][] },
  body: BodyInit | null,
  status: CacheStatus | null,
): Response {
  const headers = new Headers(source.headers);
  for (const name of CDN_ONLY_HEADERS) headers.delete(name);
  if (status) headers.set('cache-status', `"Netlify Edge"; ${status}`);
  // A 204 or 304 may carry no body at all, not even an empty one: the Response constructor refuses it.
  const bodyless = NULL_BODY_STATUSES.has(source.status);
  return new Response(bodyless ? null : body, {
    status: source.status,
    statusText: source.statusText,
    headers,
  });
}

const entryBody = (entry: Entry, method: string) => (method === 'HEAD' ? null : entry.body.slice());

export interface CdnCacheOptions {
  /** Memory the kept answers may take, bodies and headers counted (default 64 MB). */
  maxBytes?: number;
  /** The purge API's bearer token; a random one when not given (the bench gives its own, to purge by itself). */
  token?: string;
  now?: () => number;
  log?: (line: string) => void;
}

/** What the cache needs of a request: its method, its URL (the key) and, for a revalidation, its headers. */
export interface CdnRequest {
  method: string;
  url: string;
  headers: Headers;
}

/**
 * The origin: answers `request` when given one (a background revalidation), else the request being served.
 * A throw counts as no answer.
 */
export type Origin = (request?: Request) => Promise<Response>;

export interface CdnCache {
  /** The answer to a request that reached the edge: from the cache, or from `origin` (then kept if allowed). */
  serve(request: CdnRequest, origin: Origin): Promise<Response>;
  /** Drops every answer carrying one of `tags`, or every answer when `tags` is empty; answers how many went. */
  purge(tags: readonly string[]): number;
  /** The bearer token the runner's functions purge with (NETLIFY_PURGE_API_TOKEN). */
  readonly token: string;
  /**
   * Answers Netlify's purge API call on LOCAL_NETLIFY_API_PATH (loopback callers with the token only); false for
   * any other request.
   */
  handlePurgeCall(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** Kept answers and the bytes they take. */
  stats(): { entries: number; bytes: number; purgeCalls: number };
}

export function createCdnCache(options: CdnCacheOptions = {}): CdnCache {
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    // No single answer may take more than an eighth of the cache, or it would empty it for itself.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 8)),
    sizeCalculation: (entry, key) =>
      Math.max(
        1,
        entry.body.byteLength +
          key.length +
          entry.headers.reduce((sum, [n, v]) => sum + n.length + v.length, 0),
      ),
  });
  const revalidating = new Set<string>();
  const token = options.token || randomBytes(24).toString('base64url');
  let purgeCalls = 0;

  const ageSeconds = (entry: Entry) => (now() - entry.storedAt) / 1000;

  /** Keeps `response` under `key` if it may be kept; answers the body as read, or null when left as a stream. */
  async function keep(key: string, response: Response): Promise<Uint8Array<ArrayBuffer> | null> {
    const rule = storableRule(response);
    if (!rule) return null;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    entries.set(key, {
      status: response.status,
      statusText: response.statusText,
      headers,
      body,
      storedAt: now(),
      rule,
      tags: cacheTagsOf(response.headers),
    });
    return body;
  }

  /** The origin's answer, or null when it gave none worth more than a stale copy (a throw, a 5xx). */
  async function tryOrigin(origin: Origin, request?: Request): Promise<Response | null> {
    try {
      const response = await origin(request);
      if (response.status < 500) return response;
      await response.body?.cancel();
      return null;
    } catch {
      return null;
    }
  }

  function revalidateInBackground(key: string, request: CdnRequest, origin: Origin) {
    if (revalidating.has(key)) return;
    revalidating.add(key);
    const fresh = new Request(new URL(request.url, 'http://localhost'), {
      method: 'GET',
      headers: request.headers,
    });
    void (async () => {
      const response = await tryOrigin(origin, fresh);
      // A failed revalidation keeps the stale copy; an answer that may no longer be kept replaces nothing either.
      if (!response) return;
      if (!(await keep(key, response))) {
        entries.delete(key);
        await response.body?.cancel();
      }
    })()
      .catch((error: unknown) => options.log?.(`cdn: revalidating ${key} failed: ${String(error)}`))
      .finally(() => revalidating.delete(key));
  }

  async function serve(request: CdnRequest, origin: Origin): Promise<Response> {
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      const response = await origin();
      return forBrowser(response, response.body, null);
    }
    const key = request.url;
    const entry = entries.get(key);
    if (entry) {
      const age = ageSeconds(entry);
      if (age < entry.rule.ttlSeconds) return forBrowser(entry, entryBody(entry, method), 'hit');
      if (age < entry.rule.ttlSeconds + entry.rule.staleWhileRevalidateSeconds) {
        revalidateInBackground(key, request, origin);
        return forBrowser(entry, entryBody(entry, method), 'fwd=stale');
      }
    }
    let response: Response | null = null;
    let failure: unknown;
    try {
      response = await origin();
    } catch (error) {
      failure = error;
    }
    // The origin failed (no answer, or a 5xx): a copy may stand in for it, if its rule lets it.
    if (entry && (response === null || response.status >= 500)) {
      const age = ageSeconds(entry);
      if (entry.rule.durable || age < entry.rule.ttlSeconds + entry.rule.staleIfErrorSeconds) {
        await response?.body?.cancel();
        return forBrowser(entry, entryBody(entry, method), 'fwd=stale');
      }
    }
    if (response === null) throw failure;
    // A HEAD answer has no body to keep; a 5xx (or a throw) never replaces a good copy.
    if (method === 'HEAD' || response.status >= 500) return forBrowser(response, response.body, 'fwd=miss');
    const body = await keep(key, response);
    return forBrowser(response, body ?? response.body, 'fwd=miss');
  }

  function purge(tags: readonly string[]): number {
    if (tags.length === 0) {
      const count = entries.size;
      entries.clear();
      return count;
    }
    const wanted = new Set(tags);
    const doomed: string[] = [];
    for (const [key, entry] of entries.entries())
      if (entry.tags.some((tag) => wanted.has(tag))) doomed.push(key);
    for (const key of doomed) entries.delete(key);
    return doomed.length;
  }

  function handlePurgeCall(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!pathnameOf(req.url).startsWith(LOCAL_NETLIFY_API_PATH)) return false;
    if (pathnameOf(req.url) !== PURGE_PATH || req.method !== 'POST') {
      res.writeHead(404).end();
      return true;
    }
    // Netlify's API takes only its own token; locally only this machine may call it, and only with the token.
    if (!isLocalRequest(req) || req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end();
      return true;
    }
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      let tags: unknown;
      try {
        tags = (JSON.parse(text) as { cache_tags?: unknown }).cache_tags ?? [];
      } catch {
        tags = null;
      }
      if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) {
        res.writeHead(422, { 'content-type': 'application/json' }).end('{"message":"cache_tags: strings"}');
        return;
      }
      purgeCalls++;
      const purged = purge(tags);
      options.log?.(`cdn: purged ${purged} cached answers (${tags.length ? tags.join(', ') : 'everything'})`);
      res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
    });
    return true;
  }

  return {
    serve,
    purge,
    token,
    handlePurgeCall,
    stats: () => ({ entries: entries.size, bytes: entries.calculatedSize, purgeCalls }),
  };
}
