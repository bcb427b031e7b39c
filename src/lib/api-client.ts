/**
 * The one browser API client (islands and admin screens never call fetch inline).
 * Implements the spec's client rules in one place: 60 s timeout, response-shape checks, the user-message rule
 * and generic messages (section 8), and the public retry policy (section 9).
 */
import {
  PUBLIC_RETRY_BASE_DELAY_MS,
  PUBLIC_RETRY_MAX,
  PUBLIC_RETRY_MAX_DELAY_MS,
  REQUEST_TIMEOUT_MS,
} from './constants.ts';
import { GENERIC, PUBLIC } from './messages.ts';
import { isRecord, parseJsonOrNull } from './json.ts';

export type FailureKind = 'network' | 'timeout' | 'http' | 'format';

/** A failed call. `status` is null when no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  readonly status: number | null;
  /** The server's `message` field, when the response carried one. */
  readonly serverMessage: string | null;
  readonly errors: Record<string, string> | null;
  readonly retryAfterSeconds: number | null;
  constructor(init: {
    kind: FailureKind;
    status?: number | null;
    serverMessage?: string | null;
    errors?: Record<string, string> | null;
    retryAfterSeconds?: number | null;
    message?: string;
  }) {
    super(init.message ?? init.serverMessage ?? init.kind);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.errors = init.errors ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  400: GENERIC.validation,
  401: GENERIC.unauthorized,
  403: GENERIC.forbidden,
  404: GENERIC.notFound,
  408: GENERIC.timeout,
  500: GENERIC.server,
  502: GENERIC.server,
  503: GENERIC.server,
  504: GENERIC.timeout,
};

/**
 * The spec's user-message rule: the server's message field if present; otherwise a per-status message;
 * otherwise the network message when no response arrived.
 */
export function userMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    if (error.kind === 'timeout') return GENERIC.timeout;
    if (error.kind === 'format') return PUBLIC.invalidData;
    if (error.status === null) return GENERIC.network;
    return STATUS_MESSAGES[error.status] ?? GENERIC.unexpected;
  }
  return GENERIC.unexpected;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON body (sent with Content-Type: application/json). */
  json?: unknown;
  /** A multipart body. */
  form?: FormData;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Query parameters appended to the path. */
  query?: Record<string, string | number | undefined>;
  /** Extra request headers (a staff save's If-Match). */
  headers?: Record<string, string>;
}

/** Where the API lives: same origin unless PUBLIC_API_BASE is set at build time (spec: overridable base). */
export const API_BASE: string = (
  (import.meta as { env?: Record<string, string | undefined> }).env?.PUBLIC_API_BASE ?? ''
).replace(/\/$/, '');

const readJson = async (response: Response): Promise<unknown> => parseJsonOrNull(await response.text());

/** Sends a request and returns the parsed JSON body of a 2xx answer; throws ApiError otherwise. */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  const url = new URL(`${API_BASE}${path}`, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError({ kind: timedOut ? 'timeout' : 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  const parsed = await readJson(response);
  if (!response.ok) {
    const record = isRecord(parsed) ? parsed : {};
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError({
      kind: 'http',
      status: response.status,
      serverMessage: typeof record.message === 'string' ? record.message : null,
      errors: isRecord(record.errors) ? (record.errors as Record<string, string>) : null,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    });
  }
  return parsed;
}

/**
 * The list shapes the spec's client accepts: a bare array, an object whose `data` is an array, or whose
 * `data.data` is an array. Anything else is 'Invalid data format received'.
 */
export function extractList<T = unknown>(body: unknown): T[] {
  if (Array.isArray(body)) return body as T[];
  if (isRecord(body)) {
    if (Array.isArray(body.data)) return body.data as T[];
    if (isRecord(body.data) && Array.isArray(body.data.data)) return body.data.data as T[];
  }
  throw new ApiError({ kind: 'format', message: PUBLIC.invalidData });
}

/** GET a list and check its shape. */
export async function fetchList<T = unknown>(path: string, signal?: AbortSignal): Promise<T[]> {
  return extractList<T>(await apiRequest(path, { signal }));
}

/** The retryable failures of the public retry policy: status 500 or no response. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 500 || (error.status === null && error.kind !== 'format'));

/** Delay before retry number `attempt` (1-based): 1 s doubling, capped at 5 s. */
export const retryDelayMs = (attempt: number): number =>
  Math.min(PUBLIC_RETRY_BASE_DELAY_MS * 2 ** (attempt - 1), PUBLIC_RETRY_MAX_DELAY_MS);

/**
 * Runs `task`, retrying up to PUBLIC_RETRY_MAX times on retryable failures. `onRetry` is told before each
 * wait (to show 'Retrying connection...'). Non-retryable failures and the last failure are thrown.
 */
export async function withPublicRetry<T>(
  task: () => Promise<T>,
  onRetry?: (attempt: number) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= PUBLIC_RETRY_MAX || !isRetryable(error)) throw error;
      onRetry?.(attempt + 1);
      await sleep(retryDelayMs(attempt + 1));
    }
  }
}
