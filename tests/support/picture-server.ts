/**
 * A loopback HTTP server standing in for the current site's picture hosts (Cloudinary and its own /uploads), with
 * the failures real ones have: a 404, a slow answer, an SVG, a 20 MB file sent without a length, and redirects.
 * Tests never reach the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pngWithAlpha, SVG_WITH_SCRIPT, webpImage } from '../../src/server/images/image-fixtures.ts';
import sharp from 'sharp';

export interface PictureServer {
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
  /** The bytes served at each path that answers 200 with a picture. */
  pictures: Map<string, Buffer>;
  stop(): Promise<void>;
}

export const SLOW_MS = 3_000;
export const HUGE_BYTES = 20 * 1024 * 1024;

const jpeg = (width: number, height: number, hue: number) =>
  sharp({
    create: { width, height, channels: 3, background: { r: hue, g: 255 - hue, b: 128 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

export async function startPictureServer(): Promise<PictureServer> {
  const pictures = new Map<string, Buffer>([
    ['/image/upload/v1/banner-1.jpg', await jpeg(1600, 1000, 30)],
    ['/uploads/banner-2.png', await pngWithAlpha(900, 600)],
    ['/image/upload/v1/web.jpg', await jpeg(800, 600, 90)],
    ['/image/upload/v1/shield.png', await pngWithAlpha(640, 640)],
    ['/image/upload/v2/moved.webp', await webpImage(500, 400)],
  ]);
  const types: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
  const requests: string[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://local').pathname;
    requests.push(path);
    res.on('error', () => undefined);
    const picture = pictures.get(path);
    if (picture) {
      res.writeHead(200, {
        'content-type': types[path.split('.').pop() ?? ''] ?? 'application/octet-stream',
        'content-length': picture.length,
      });
      res.end(picture);
      return;
    }
    switch (path) {
      case '/image/upload/v1/logo.svg':
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG_WITH_SCRIPT);
        return;
      case '/image/upload/v1/slow.jpg': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          res.writeHead(200, { 'content-type': 'image/jpeg' }).end(pictures.get('/image/upload/v1/web.jpg'));
        }, SLOW_MS);
        timers.add(timer);
        return;
      }
      case '/image/upload/v1/huge.jpg': {
        // No Content-Length: only counting the bytes as they arrive can stop it.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(64 * 1024, 0xff);
        let sent = 0;
        const pump = () => {
          while (sent < HUGE_BYTES) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.once('close', () => (sent = HUGE_BYTES));
        pump();
        return;
      }
      case '/image/upload/v1/moved.jpg':
        res.writeHead(302, { location: '/image/upload/v1/moved-again.jpg' }).end();
        return;
      case '/image/upload/v1/moved-again.jpg':
        res.writeHead(301, { location: '/image/upload/v2/moved.webp' }).end();
        return;
      case '/image/upload/v1/loop.jpg':
        res.writeHead(302, { location: '/image/upload/v1/loop.jpg' }).end();
        return;
      case '/image/upload/v1/to-file.jpg':
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    pictures,
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
