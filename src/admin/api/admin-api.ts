/**
 * The admin's calls: the one API client (src/lib/api-client.ts) plus the admin's own rule that a 401 means the
 * session is gone (the flag is cleared and routing returns to the login page), and a multipart upload over
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
import { API_BASE, ApiError, apiRequest, type RequestOptions } from '../../lib/api-client.ts';
import { REQUEST_TIMEOUT_MS } from '../../lib/constants.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { expireSession } from '../stores/session.ts';

function noticeUnauthorized(error: unknown): never {
  if (error instanceof ApiError && error.status === 401)
    expireSession(error.serverMessage === AUTH.accountDisabled);
  throw error;
}

/**
 * The message for a failed request: the server's own reason when it sent one ("The file is too large
 * (max 5 MB)"), else the screen's spec text — also when no answer came, or a prompt was closed.
 */
export const failureText = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.serverMessage) || fallback;

export async function adminRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  try {
    return await apiRequest(path, options);
  } catch (error) {
    return noticeUnauthorized(error);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Sends a multipart form, reporting upload progress as a whole percentage (0–100). */
export function uploadForm(
  path: string,
  method: 'POST' | 'PUT',
  form: FormData,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const request = new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, new URL(`${API_BASE}${path}`, location.origin).href);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body);
        return;
      }
      const record = isRecord(body) ? body : {};
      const retryAfter = Number(xhr.getResponseHeader('Retry-After'));
      reject(
        new ApiError({
          kind: 'http',
          status: xhr.status,
          serverMessage: typeof record.message === 'string' ? record.message : null,
          errors: isRecord(record.errors) ? (record.errors as Record<string, string>) : null,
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
        }),
      );
    });
    xhr.addEventListener('error', () => reject(new ApiError({ kind: 'network' })));
    xhr.addEventListener('timeout', () => reject(new ApiError({ kind: 'timeout' })));
    xhr.send(form);
  });
  return request.catch(noticeUnauthorized);
}
