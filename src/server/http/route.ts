/** Path and method dispatch for the functions beside the API (health, uploads); the API has its route table. */
import { methodNotAllowed } from './respond.ts';
import { ITEM_ID } from './route-table.ts';

export type Route = { kind: 'collection' } | { kind: 'item'; id: string } | { kind: 'other'; rest: string };

/**
 * Where the request sits under `basePath`, compared case-insensitively because Netlify's router matches
 * lower-cased paths. Null when the request is not under `basePath` at all.
 */
export function matchRoute(request: Request, basePath: string): Route | null {
  let path = new URL(request.url).pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const base = basePath.toLowerCase();
  const lower = path.toLowerCase();
  if (lower === base) return { kind: 'collection' };
  if (!lower.startsWith(`${base}/`)) return null;
  const rest = decodeURIComponentSafe(path.slice(basePath.length + 1));
  return rest !== null && ITEM_ID.test(rest)
    ? { kind: 'item', id: rest }
    : { kind: 'other', rest: rest ?? '' };
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the handler for the request's method (HEAD is served as GET), else 405 with `Allow`. */
export function dispatch(
  request: Request,
  handlers: Partial<Record<Method, () => Promise<Response>>>,
): Promise<Response> {
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handler = handlers[method as Method];
  if (handler) return handler();
  const allow = Object.keys(handlers);
  if (allow.includes('GET')) allow.push('HEAD');
  return Promise.resolve(methodNotAllowed(allow));
}
