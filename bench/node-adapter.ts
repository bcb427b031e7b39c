/**
 * The API's function handlers served by a plain node:http server, with no function runtime in between: each
 * request becomes a Web `Request`, is routed by the function files' own `config.path` as Netlify's router does
 * (scripts/dev/function-routes.ts), handed to the file's default export with a context carrying the client
 * address, and the `Response` is written back. Dependencies come from process.env exactly as on Netlify (getDeps()).
 */
import { readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { functionRoute, type FunctionRouteConfig } from '../scripts/dev/function-routes.ts';

type FunctionHandler = (request: Request, context: { ip?: string }) => Promise<Response>;

interface FunctionFile {
  name: string;
  handler: FunctionHandler;
  matches: (pathname: string) => boolean;
}

interface FunctionModule {
  default?: unknown;
  config?: FunctionRouteConfig;
}

/** Every HTTP function file (scheduled functions have no path and are skipped). */
export async function loadFunctionFiles(functionsDir: string): Promise<FunctionFile[]> {
  const files: FunctionFile[] = [];
  for (const entry of readdirSync(functionsDir)
    .filter((name) => name.endsWith('.mts'))
    .sort()) {
    const module = (await import(pathToFileURL(join(functionsDir, entry)).href)) as FunctionModule;
    if (typeof module.default !== 'function' || module.config?.path === undefined) continue;
    files.push({
      name: entry.replace(/\.mts$/, ''),
      handler: module.default as FunctionHandler,
      matches: functionRoute(module.config),
    });
  }
  return files;
}

export function route(files: readonly FunctionFile[], pathname: string): FunctionFile | undefined {
  return files.find((file) => file.matches(pathname));
}

async function readBody(req: http.IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface NodeAdapter {
  url: string;
  close(): Promise<void>;
}

export async function startNodeAdapter(options: {
  functionsDir: string;
  port?: number;
}): Promise<NodeAdapter> {
  const files = await loadFunctionFiles(options.functionsDir);
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
      const file = route(files, url.pathname);
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const headers = new Headers();
      for (let index = 0; index < req.rawHeaders.length; index += 2) {
        headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
      }
      // Netlify's edge sets this header from the connection (a client cannot choose it there); a load test
      // may set it to spread its requests over many rate-limit buckets.
      if (!headers.has('x-nf-client-connection-ip')) {
        headers.set('x-nf-client-connection-ip', req.socket.remoteAddress ?? '');
      }
      const request = new Request(url, { method: req.method, headers, body: await readBody(req) });
      const response = await file.handler(request, {
        ip: headers.get('x-nf-client-connection-ip') ?? undefined,
      });
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value, key) => {
        out[key] = key === 'set-cookie' ? response.headers.getSetCookie() : value;
      });
      res.writeHead(response.status, out);
      if (response.body) Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
      else res.end();
    } catch (error) {
      console.warn(`[node-adapter] ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"success":false}');
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
