/**
 * Image blobs in the Netlify Blobs `images` store, keyed `{folder}/{fileName}` (keys.ts imageKey), each with its
 * content type as blob metadata. Every backend failure surfaces as StoreUnavailableError (handlers answer 503).
 */
import { getStore, type Store } from '@netlify/blobs';
import type { ImageFolder } from '../../lib/collections.ts';
import { BLOB_STORES, imageKey } from '../repository/keys.ts';
import { StoreUnavailableError } from '../repository/port.ts';

export interface StoredImageBlob {
  body: ArrayBuffer;
  contentType: string;
}

export interface ImageBlobStore {
  put(folder: ImageFolder, fileName: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(folder: ImageFolder, fileName: string): Promise<StoredImageBlob | null>;
  delete(folder: ImageFolder, fileName: string): Promise<void>;
  /** File names in `folder` that start with `prefix`. */
  list(folder: ImageFolder, prefix: string): Promise<string[]>;
}

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';
/**
 * Longest wait for one image-store operation, as for the content store (blobs-repository.ts): the Blobs client
 * retries a dead backend for half a minute and waits on a hung one indefinitely, so without a deadline an upload
 * during an outage would end in the platform's bare timeout instead of a 503 with Retry-After.
 */
const DEFAULT_TIMEOUT_MS = 8_000;

/**
 * Without `store`, the `images` store of the function's environment (NETLIFY_BLOBS_CONTEXT), opened on first use
 * so an instance that never touches images needs no Blobs context. Strong consistency: an image must be
 * readable at /uploads the moment its upload answers, and Netlify functions (and @netlify/dev) always carry the
 * uncached edge URL that needs.
 */
export function createImageStore(store?: Store, options: { timeoutMs?: number } = {}): ImageBlobStore {
  let opened: Store | undefined = store;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const blobs = (): Store => {
    opened ??= getStore({ name: BLOB_STORES.images, consistency: 'strong' });
    return opened;
  };

  const guarded = async <T>(action: string, run: () => Promise<T>): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([run(), deadline]);
    } catch (error) {
      throw new StoreUnavailableError(`Image store ${action} failed`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    put: (folder, fileName, bytes, contentType) =>
      guarded('write', async () => {
        // An exact-length ArrayBuffer copy: a Uint8Array may be a view into a larger (pooled) buffer, and a
        // Buffer's own slice() is such a view too, so copy with the typed-array constructor.
        const body = new Uint8Array(bytes).buffer;
        await blobs().set(imageKey(folder, fileName), body, { metadata: { contentType } });
      }),

    get: (folder, fileName) =>
      guarded('read', async () => {
        // The typings claim non-null for arrayBuffer; a missing key does answer null.
        const entry: { data: ArrayBuffer; metadata: Record<string, unknown> } | null =
          await blobs().getWithMetadata(imageKey(folder, fileName), { type: 'arrayBuffer' });
        if (!entry) return null;
        const contentType = entry.metadata['contentType'];
        return {
          body: entry.data,
          contentType: typeof contentType === 'string' ? contentType : FALLBACK_CONTENT_TYPE,
        };
      }),

    delete: (folder, fileName) => guarded('delete', () => blobs().delete(imageKey(folder, fileName))),

    list: (folder, prefix) =>
      guarded('list', async () => {
        const keyPrefix = imageKey(folder, prefix);
        const { blobs: found } = await blobs().list({ prefix: keyPrefix });
        const folderPrefix = imageKey(folder, '');
        return found.map((blob) => blob.key.slice(folderPrefix.length));
      }),
  };
}
