/**
 * Request bodies: content type checked (415), size bounded before and while reading (413), JSON parsed (400),
 * multipart read through the platform's own FormData parser.
 */
import { API } from '../../lib/api-messages.ts';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from './respond.ts';

/** JSON payloads are small text (the longest is a 5,000-character description with ten points). */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** A 5 MB image plus the form around it; Netlify's own buffered limit is 6 MB. */
export const MULTIPART_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

export type BodyKind = 'json' | 'multipart' | 'form';

/** The kind of body the request says it carries, or null for anything else. */
export function bodyKind(request: Request): BodyKind | null {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return 'json';
  if (type === 'multipart/form-data') return 'multipart';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

const tooLarge = (limit: number) =>
  new HttpError(payloadTooLarge(limit > JSON_BODY_LIMIT_BYTES ? API.payloadTooLarge : API.requestTooLarge));

/** Reads the whole body, refusing early by Content-Length and again while streaming (chunked uploads). */
async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  return readStreamLimited(request.body, limit, () => tooLarge(limit));
}

/** Reads a whole stream, cancelling it and throwing `tooLarge()` as soon as it passes `limit` bytes. */
export async function readStreamLimited(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The parsed JSON body (any JSON value: the caller's schema decides what is acceptable). */
export async function readJson(request: Request): Promise<unknown> {
  if (bodyKind(request) !== 'json') throw new HttpError(unsupportedMediaType());
  const text = new TextDecoder('utf-8', { fatal: false }).decode(
    await readLimited(request, JSON_BODY_LIMIT_BYTES),
  );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(badRequest(API.invalidJson));
  }
}

/** A plain HTML form's fields (`application/x-www-form-urlencoded`), bounded like JSON. */
export async function readUrlEncoded(request: Request): Promise<URLSearchParams> {
  if (bodyKind(request) !== 'form') throw new HttpError(unsupportedMediaType());
  const bytes = await readLimited(request, JSON_BODY_LIMIT_BYTES);
  return new URLSearchParams(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
}

export async function readMultipart(request: Request): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (bodyKind(request) !== 'multipart') throw new HttpError(unsupportedMediaType());
  const bytes = await readLimited(request, MULTIPART_BODY_LIMIT_BYTES);
  try {
    return await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
  } catch {
    throw new HttpError(badRequest(API.invalidForm));
  }
}

/** Form fields as a plain object (first value wins) plus the `image` file, for the content families. */
export function formFields(
  form: FormData,
  fileField: string,
): { fields: Record<string, unknown>; file: File | null } {
  const fields: Record<string, unknown> = {};
  let file: File | null = null;
  for (const [name, value] of form) {
    if (name === fileField) {
      // Browsers send an empty, nameless file when nothing was picked: that is "no new image".
      if (file === null && typeof value !== 'string' && value.size > 0) file = value;
      continue;
    }
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  }
  return { fields, file };
}
