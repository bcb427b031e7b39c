/**
 * The response kit (docs/design.md (Style) practice 4): one envelope, one way to say each status.
 * Success: `{ success: true, data, message? }`; failure: `{ success: false, message, errors? }`.
 */
import { API } from '../../lib/api-messages.ts';
import { cacheHeaders, NO_STORE, type CachePolicy } from './cache-policy.ts';

/** Seconds a client should wait before retrying after a store outage. */
export const STORE_RETRY_AFTER_SECONDS = 5;

interface SuccessOptions {
  status?: 200 | 201;
  message?: string;
  cache?: CachePolicy;
  headers?: HeadersInit;
  /** Extra top-level fields beside `data` (e.g. `nextCursor`). */
  extra?: Record<string, unknown>;
}

function withHeaders(policy: CachePolicy, headers?: HeadersInit): Headers {
  const merged = new Headers(cacheHeaders(policy));
  for (const [name, value] of new Headers(headers)) merged.append(name, value);
  merged.set('Content-Type', 'application/json; charset=utf-8');
  return merged;
}

export function jsonResponse(
  body: unknown,
  status: number,
  policy: CachePolicy = NO_STORE,
  headers?: HeadersInit,
) {
  return new Response(JSON.stringify(body), { status, headers: withHeaders(policy, headers) });
}

export function ok(data: unknown, options: SuccessOptions = {}): Response {
  const body = {
    success: true,
    data,
    ...(options.message === undefined ? {} : { message: options.message }),
    ...options.extra,
  };
  return jsonResponse(body, options.status ?? 200, options.cache ?? NO_STORE, options.headers);
}

export const created = (data: unknown, message: string) => ok(data, { status: 201, message });

export function failure(
  status: number,
  message: string,
  errors?: Record<string, string>,
  headers?: HeadersInit,
) {
  return jsonResponse({ success: false, message, ...(errors ? { errors } : {}) }, status, NO_STORE, headers);
}

export const badRequest = (message: string, errors?: Record<string, string>) => failure(400, message, errors);
export const unauthorized = () => failure(401, API.unauthorized);
export const forbidden = () => failure(403, API.forbiddenOrigin);
export const notFound = (message: string = API.itemNotFound) => failure(404, message);
export const conflict = (message: string) => failure(409, message);
export const methodNotAllowed = (allow: readonly string[]) =>
  failure(405, API.methodNotAllowed, undefined, { Allow: allow.join(', ') });
export const payloadTooLarge = (message: string) => failure(413, message);
export const unsupportedMediaType = (message: string = API.unsupportedContentType) => failure(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  failure(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string, retryAfterSeconds?: number) =>
  failure(
    503,
    message,
    undefined,
    retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
  );
export const storeUnavailable = () => serviceUnavailable(API.storeUnavailable, STORE_RETRY_AFTER_SECONDS);
export const serverError = () => failure(500, API.unexpected);

/**
 * A response thrown from deep inside a handler (body parsing, guards, validation) and answered as is by the
 * function wrapper, so helpers can stop a request without threading results back up.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly response: Response;
  constructor(response: Response) {
    super(`HTTP ${response.status}`);
    this.response = response;
  }
}
