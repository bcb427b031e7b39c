/**
 * What Netlify's edge does in front of a deploy and @netlify/dev does not, so the local runner does it before a
 * request reaches @netlify/dev: scheduled functions are not reachable over HTTP (Netlify runs them on their
 * schedule only; locally anyone could otherwise call the backup or purge in a loop), methods the platform does
 * not serve get 405 instead of a 500 from `new Request`, Netlify's internal `x-nf-*` response headers never reach
 * the client (x-nf-fetch-timing names the store's address and grows with every store call of a request, past what
 * Node's fetch accepts), the runner's own `/__local/*` paths answer only loopback callers who also name a
 * loopback host (a DNS-rebinding page reaches the runner from the browser with its own name in Host), the build
 * hook refuses what a browser marks as sent from another site, and a function that fails outright (a time-out)
 * gets the site's 500 page instead of @netlify/functions-dev's page with the error's stack and the machine's paths.
 */
import { readdirSync } from 'node:fs';
import type http from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The methods Netlify serves; `new Request` itself throws on TRACE, TRACK and CONNECT. */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const SERVED = new Set<string>(SERVED_METHODS);

export const isServedMethod = (method: string | undefined) => SERVED.has(method ?? '');

/**
 * @netlify/functions-dev's own expression for a function's default URL (its unescaped dot included): whatever
 * it would route to a function by name, this sees too.
 */
const DEFAULT_FUNCTION_URL = /^\/.netlify\/(functions|builders)\/([^/]+)/;

/** The path as @netlify/dev reads it (`http://host` + the raw request target), so both agree on what it is. */
export const pathnameOf = (url: string | undefined) => {
  try {
    return new URL(`http://local${url ?? '/'}`).pathname;
  } catch {
    return '';
  }
};

/** Names of the functions in `functionsDirectory` whose config has a schedule, read from the files themselves. */
export async function scheduledFunctionNames(functionsDirectory: string): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of readdirSync(functionsDirectory)) {
    const match = /^(.+)\.(mts|ts|mjs|js)$/.exec(file);
    if (!match) continue;
    const module = (await import(pathToFileURL(join(functionsDirectory, file)).href)) as {
      config?: { schedule?: string };
    };
    if (module.config?.schedule) names.add(match[1]!);
  }
  return names;
}

/** True when the request names one of `scheduled` by its default function URL. */
export function callsScheduledFunction(url: string | undefined, scheduled: ReadonlySet<string>): boolean {
  const name = DEFAULT_FUNCTION_URL.exec(pathnameOf(url))?.[2];
  return name !== undefined && scheduled.has(name);
}

const LOOPBACK_ADDRESS = /^(::1|127\.|::ffff:127\.)/;
const LOOPBACK_HOST = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])(:\d{1,5})?$/i;

/** A caller on this machine that also addressed this machine by a loopback name. */
export function isLocalRequest(req: http.IncomingMessage): boolean {
  return LOOPBACK_ADDRESS.test(req.socket.remoteAddress ?? '') && LOOPBACK_HOST.test(req.headers.host ?? '');
}

/** The response without Netlify's internal `x-nf-*` headers, which Netlify's edge never passes on either. */
export function withoutInternalHeaders(response: Response): Response {
  const internal = [...response.headers.keys()].filter((name) => name.startsWith('x-nf-'));
  if (internal.length === 0) return response;
  const headers = new Headers(response.headers);
  for (const name of internal) headers.delete(name);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Whether a browser says this request was sent by another site: `Sec-Fetch-Site` other than same-origin or none
 * (a user's own navigation), or an Origin that is not the address the request was sent to. A page on any other
 * origin, a different port of localhost included, can POST to the runner from the developer's browser; the
 * functions that call the build hook use Node's fetch, which sends neither header.
 */
export function isCrossSiteRequest(req: Pick<http.IncomingMessage, 'headers'>): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    // "null" (a sandboxed frame, a file) or garbage: no site vouches for it.
    return true;
  }
}

/**
 * A function that failed outright, as @netlify/functions-dev answers for it (a time-out, a throw before any
 * response, a bundle that does not load): a 500 without the X-Content-Type-Options header that every answer of the
 * project's functions carries (src/server/http/netlify-function.ts sets it on each, its own 500s included).
 */
export function isFunctionFailure(match: { response: Response; type: string }): boolean {
  return (
    match.type === 'function' &&
    match.response.status === 500 &&
    !match.response.headers.has('x-content-type-options')
  );
}

/** What a function's failure is answered with: the API's JSON, or the site's 500 page for a browser's page load. */
export interface FailureAnswers {
  /** The site's 500 page as the runner serves /500.html (with netlify.toml's headers), if it has one. */
  page: Response | undefined;
  /** The API's own answer to an unexpected failure (src/server/http/respond.ts serverError). */
  json: Response;
}

/** The headers of a file response that say nothing about a 500 answer made from it. */
const FILE_HEADERS = ['content-length', 'content-encoding', 'etag', 'last-modified', 'age', 'cache-control'];

/**
 * The answer to a request whose function failed: status 500, never stored, with the security headers the site's
 * pages get from netlify.toml, and nothing of the failure itself. A request that accepts HTML gets the 500 page's
 * body, any other (the admin's and the forms' fetches) the API's JSON.
 */
export async function failureAnswer(
  accept: string | undefined,
  { page, json }: FailureAnswers,
): Promise<Response> {
  const headers = new Headers(page?.headers);
  for (const name of FILE_HEADERS) headers.delete(name);
  headers.set('cache-control', 'no-store');
  headers.set('x-content-type-options', 'nosniff');
  if (page && /\btext\/html\b/i.test(accept ?? '')) return new Response(page.body, { status: 500, headers });
  await page?.body?.cancel();
  headers.set('content-type', json.headers.get('content-type') ?? 'application/json');
  return new Response(await json.text(), { status: 500, headers });
}
