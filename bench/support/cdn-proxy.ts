/**
 * A loopback stand-in for the one thing Netlify's CDN does to every response that the local runner does not:
 * compression. The runner (@netlify/dev) sends text uncompressed, and Lighthouse's simulated mobile network
 * would then charge a phone for 3–4× the bytes production sends. This proxy gzips text responses (gzip, not
 * brotli: the conservative choice, and the unit of the QUALITY.md budgets) and passes everything else through.
 * It also keeps what a CDN keeps for good: binary GET responses marked `immutable` (our content-addressed uploads)
 * are served from memory after their first request, as Netlify's edge would serve them; everything else
 * reaches the runner every time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGzip } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

export interface CdnProxy {
  url: string;
  close(): Promise<void>;
}

export async function startCdnProxy(target: { port: number }): Promise<CdnProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const immutable = new Map<string, { status: number; headers: http.OutgoingHttpHeaders; body: Buffer }>();
  const server = http.createServer((req, res) => {
    const cached = req.method === 'GET' ? immutable.get(req.url ?? '') : undefined;
    if (cached) {
      res.writeHead(cached.status, cached.headers);
      res.end(cached.body);
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (response) => {
        const headers = { ...response.headers };
        if (
          req.method === 'GET' &&
          response.statusCode === 200 &&
          /\bimmutable\b/.test(String(headers['cache-control'])) &&
          // Compressible bodies are gzipped per request below; only keep what passes through unchanged.
          !COMPRESSIBLE.test(String(headers['content-type'] ?? ''))
        ) {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            immutable.set(req.url ?? '', { status: 200, headers, body: Buffer.concat(chunks) }),
          );
        }
        const type = String(headers['content-type'] ?? '');
        const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
        if (accepts && !headers['content-encoding'] && COMPRESSIBLE.test(type) && req.method !== 'HEAD') {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
          res.writeHead(response.statusCode ?? 502, headers);
          response.pipe(createGzip()).pipe(res);
        } else {
          res.writeHead(response.statusCode ?? 502, headers);
          response.pipe(res);
        }
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
