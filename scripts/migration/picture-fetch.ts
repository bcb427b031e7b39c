/**
 * Downloads a picture of the current site (Cloudinary URLs, or paths on its server) for the importer, with the
 * limits an upload has: one deadline for the whole download, at most IMAGE_MAX_BYTES read (a bigger file is
 * refused by its Content-Length, or cut off mid-stream when it has none), at most MAX_REDIRECTS redirects, and
 * nothing but http(s) at every hop. Node's fetch follows redirects to any scheme and reads any size, so the
 * redirect loop and the byte count are ours.
 */
import { IMAGE_MAX_BYTES } from '../../src/lib/constants.ts';
import { readStreamLimited } from '../../src/server/http/body.ts';

export const PICTURE_TIMEOUT_MS = 20_000;
export const MAX_REDIRECTS = 3;

export interface PictureFetchOptions {
  /** Base URL for values that are paths rather than absolute URLs (`--images-base`). */
  base?: string | undefined;
  timeoutMs?: number;
  maxBytes?: number;
  fetch?: typeof globalThis.fetch;
}

/** Why a picture could not be fetched: reported next to the item, never thrown past the importer. */
export class PictureFetchError extends Error {
  override readonly name = 'PictureFetchError';
}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** The absolute URL a stored legacy `image` value points at. */
export function pictureUrl(value: string, base: string | undefined): URL {
  let url: URL;
  try {
    url = /^[a-z][a-z0-9+.-]*:/i.test(value) ? new URL(value) : new URL(value, base);
  } catch {
    throw new PictureFetchError(
      base === undefined
        ? `"${value}" is a path; pass --images-base <url> to fetch it`
        : `"${value}" is not a URL`,
    );
  }
  if (!isHttp(url)) throw new PictureFetchError(`only http(s) pictures are fetched, not ${url.protocol}`);
  return url;
}

async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw new PictureFetchError(`larger than ${maxBytes} bytes (${declared})`);
  }
  return readStreamLimited(
    response.body,
    maxBytes,
    () => new PictureFetchError(`larger than ${maxBytes} bytes`),
  );
}

export async function fetchPicture(value: string, options: PictureFetchOptions = {}): Promise<Uint8Array> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? PICTURE_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = pictureUrl(value, options.base);
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetchImpl(url, { redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw new PictureFetchError(`more than ${MAX_REDIRECTS} redirects`);
        url = new URL(location, url);
        if (!isHttp(url)) throw new PictureFetchError(`redirected to ${url.protocol}, not followed`);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PictureFetchError(`HTTP ${response.status}`);
      }
      return await readBounded(response, options.maxBytes ?? IMAGE_MAX_BYTES);
    }
  } catch (error) {
    if (error instanceof PictureFetchError) throw error;
    if (signal.aborted) throw new PictureFetchError(`no complete answer within ${timeoutMs} ms`);
    throw new PictureFetchError(`download failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
