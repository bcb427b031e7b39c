/**
 * Netlify's local Blobs server for tests and the local runner: in a temporary directory (removed on stop), or
 * in a data directory that outlives the process.
 *
 * The local server checks `onlyIfNew` / `onlyIfMatch` and then writes in separate asynchronous steps, so two
 * concurrent conditional writes can both succeed, which production Netlify Blobs never allows. A tiny proxy in
 * front of it runs writes one at a time, so tests see production's atomic conditional writes and can prove
 * that our adapter relies on nothing weaker.
 */
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BlobsStoreOptions {
  siteID: string;
  token: string;
  edgeURL: string;
  uncachedEdgeURL: string;
}

export interface BlobsSandbox extends BlobsStoreOptions {
  /** Where the server keeps its files (tests read a whole store from here without a round trip per blob). */
  directory: string;
  /** Options for `getStore({ name, ...storeOptions })`. */
  storeOptions: BlobsStoreOptions;
  /** A store of this server with strong consistency. */
  getStore(name: string): Store;
  /** Value for NETLIFY_BLOBS_CONTEXT, as Netlify gives functions. */
  context: string;
  stop(): Promise<void>;
}

const WRITE_METHODS = new Set(['PUT', 'DELETE']);

/**
 * Listings also wait in the write queue: the local server can return a partial listing while a nearby write
 * renames its temporary file (seen as an empty course list under load), which production never does.
 */
const isListing = (url: string | undefined) => {
  const parsed = new URL(url ?? '/', 'http://local');
  if (parsed.searchParams.has('prefix') || parsed.searchParams.has('directories')) return true;
  return parsed.pathname.split('/').filter(Boolean).length <= 2;
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startBlobsSandbox(options: { directory?: string } = {}): Promise<BlobsSandbox> {
  const temporary = options.directory === undefined;
  const directory = options.directory ?? (await mkdtemp(join(tmpdir(), 'blobs-test-')));
  const token = randomBytes(16).toString('hex');
  const blobs = new BlobsServer({ directory, token });
  const { port: blobsPort } = await blobs.start();
  const target = `http://127.0.0.1:${blobsPort}`;

  let writes: Promise<unknown> = Promise.resolve();
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (
        typeof value === 'string' &&
        name !== 'host' &&
        name !== 'content-length' &&
        name !== 'connection'
      ) {
        headers.set(name, value);
      }
    }
    const send = () =>
      fetch(target + (req.url ?? '/'), {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      }).then(async (response) => ({ response, payload: Buffer.from(await response.arrayBuffer()) }));
    let result: Promise<{ response: Response; payload: Buffer }>;
    if (WRITE_METHODS.has(req.method ?? '') || isListing(req.url)) {
      result = writes.then(send, send);
      writes = result.catch(() => undefined);
    } else {
      result = send();
    }
    try {
      const { response, payload } = await result;
      const outHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'content-encoding') {
          outHeaders[name] = value;
        }
      });
      res.writeHead(response.status, outHeaders);
      res.end(payload);
    } catch {
      res.writeHead(502);
      res.end();
    }
  };

  const proxy = createServer((req, res) => void forward(req, res));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const edgeURL = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const storeOptions: BlobsStoreOptions = { siteID: 'test-site', token, edgeURL, uncachedEdgeURL: edgeURL };
  const context = Buffer.from(
    JSON.stringify({ ...storeOptions, primaryRegion: 'local', deployID: 'test-deploy' }),
  ).toString('base64');

  let stopped = false;
  return {
    ...storeOptions,
    directory,
    storeOptions,
    context,
    getStore: (name: string) => getStore({ name, ...storeOptions, consistency: 'strong' }),
    async stop() {
      if (stopped) return;
      stopped = true;
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await blobs.stop();
      if (temporary) await rm(directory, { recursive: true, force: true });
    },
  };
}
