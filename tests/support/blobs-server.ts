/** Netlify's local Blobs server for tests, in a temporary directory removed on stop. */
import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startBlobsSandbox, type BlobsSandbox } from '../../scripts/dev/blobs-sandbox.ts';
import { createImageService } from '../../src/server/images/image-service.ts';
import type { ImageService } from '../../src/server/images/port.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';

export type { BlobsStoreOptions } from '../../scripts/dev/blobs-sandbox.ts';
export type TestBlobsServer = BlobsSandbox;

export const startBlobsServer = (): Promise<TestBlobsServer> => startBlobsSandbox();

/**
 * For a vitest file about images: one Blobs server for the file, and before each test an emptied `images` store
 * with a fresh ImageService over it. Read the fields inside tests (they are replaced before each one).
 */
export function useImageStore(): { store: Store; images: ImageService } {
  let server: TestBlobsServer | undefined;
  const current = {} as { store: Store; images: ImageService };
  beforeAll(async () => {
    server = await startBlobsServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    current.store = server!.getStore(BLOB_STORES.images);
    await current.store.deleteAll();
    current.images = createImageService({ store: current.store });
  });
  return current;
}
