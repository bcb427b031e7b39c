/**
 * What Netlify's edge does in front of a deploy and @netlify/dev does not, so the local runner does it before a
 * request reaches @netlify/dev: scheduled functions are not reachable over HTTP (Netlify runs them on their
 * schedule only; locally anyone could otherwise call the backup or purge in a loop), methods the platform does
 * not serve get 405 instead of a 500 from `new Request`, Netlify's internal `x-nf-*` response headers never reach
 * the client (x-nf-fetch-timing names the store's address and grows with every store call of a request, past what
 * Node's fetch accepts), and the runner's own `/__local/*` paths answer only loopback callers who also name a
 * loopback host (a DNS-rebinding page reaches the runner from the browser with its own name in Host).
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
