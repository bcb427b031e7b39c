/** Netlify's local Blobs server for tests, in a temporary directory removed on stop. */
import { startBlobsSandbox, type BlobsSandbox } from '../../scripts/dev/blobs-sandbox.ts';

export type { BlobsStoreOptions } from '../../scripts/dev/blobs-sandbox.ts';
export type TestBlobsServer = BlobsSandbox;

export const startBlobsServer = (): Promise<TestBlobsServer> => startBlobsSandbox();
