/**
 * One Netlify Blobs store as both Blobs adapters (items, coordination) use it: every operation has a deadline,
 * and any failure to get an answer is StoreUnavailableError.
 */
import { getStore, type Store } from '@netlify/blobs';
import { BLOB_STORES } from './keys.ts';
import { StoreUnavailableError } from './port.ts';

export interface BlobsConnection {
  siteID: string;
  token: string;
  edgeURL?: string;
  uncachedEdgeURL?: string;
  apiURL?: string;
}

export interface BlobsOptions {
  /** A ready store (tests). */
  store?: Store;
  /** Explicit connection; without it the store comes from the environment (NETLIFY_BLOBS_CONTEXT). */
  connection?: BlobsConnection;
  /** Store name; defaults to BLOB_STORES.content. */
  name?: string;
  /**
   * Longest wait for one operation. The Blobs client retries a dead backend for half a minute; a function
   * should answer 503 long before its own timeout turns that into a bare 502.
   */
  timeoutMs?: number;
}

export interface BlobsAccess {
  /** Runs one store operation within the deadline; any failure becomes StoreUnavailableError. */
  call<T>(operation: (blobs: Store) => Promise<T>): Promise<T>;
  readJSON<T>(key: string): Promise<T | null>;
  writeJSON(key: string, value: unknown, onlyIfNew?: boolean): Promise<{ modified: boolean }>;
  remove(key: string): Promise<void>;
  /** The keys under `prefix`, without it, in key order. */
  listKeys(prefix: string): Promise<string[]>;
}

const DEFAULT_TIMEOUT_MS = 8_000;

export function openBlobs(options: BlobsOptions): BlobsAccess {
  const name = options.name ?? BLOB_STORES.content;
  let store = options.store;
  // Opened on first use: a function that never touches the store needs no Blobs context.
  const getContentStore = (): Store =>
    (store ??= options.connection
      ? getStore({ name, ...options.connection, consistency: 'strong' })
      : getStore({ name, consistency: 'strong' }));

  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  async function call<T>(operation: (blobs: Store) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`No answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([operation(getContentStore()), deadline]);
    } catch (error) {
      throw new StoreUnavailableError('The content store is unavailable.', { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    call,
    readJSON: <T>(key: string) => call((blobs) => blobs.get(key, { type: 'json' }) as Promise<T | null>),
    writeJSON: (key, value, onlyIfNew = false) =>
      call((blobs) => blobs.setJSON(key, value, onlyIfNew ? { onlyIfNew: true } : {})),
    remove: (key) => call((blobs) => blobs.delete(key)),
    listKeys: (prefix) =>
      call(async (blobs) =>
        (await blobs.list({ prefix })).blobs.map((blob) => blob.key.slice(prefix.length)).sort(),
      ),
  };
}
