// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { siteConfig } from './src/lib/site-config.ts';

const mapOrigin = new URL(siteConfig.mapEmbedUrl).origin;

/** Ships the pictures the pages show as files of the deploy (why: src/server/images/bake-uploads.ts). */
/** @type {import('astro').AstroIntegration} */
const bakeUploads = {
  name: 'delta:bake-uploads',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const { bakeReferencedUploads } = await import('./src/server/images/bake-uploads.ts');
      const { createImageService } = await import('./src/server/images/image-service.ts');
      const { copied, skipped } = await bakeReferencedUploads(fileURLToPath(dir), createImageService());
      logger.info(`${copied.length} uploaded pictures copied into the build`);
      for (const { path, reason } of skipped.slice(0, 5))
        logger.warn(`${path} left to the uploads function: ${reason}`);
      if (skipped.length > 5) logger.warn(`…and ${skipped.length - 5} more left to the uploads function`);
    },
  },
};

// Static output only: every public page is pre-rendered; the API lives in netlify/functions.
export default defineConfig({
  site: siteConfig.siteUrl,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react(), bakeUploads],
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // Automatic splitting cut the public islands into ~15 chunks of ~1 KB: each a request on a phone (6 per
          // origin over HTTP/1.1, 150 ms RTT) plus a gzip header, which pushed `/` past its 80 KB budget. Two chunks
          // instead: React + the island renderer, and the public islands with the src/lib modules they use (a
          // separate chunk for the lib modules the admin shares cost the public pages 0.4 KB more, measured).
          // The admin's own modules keep automatic splitting.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                priority: 2,
              },
              {
                name: 'islands',
                test: /src[\\/](islands[\\/]|lib[\\/](api-client|constants|image-url|messages|public-api|public-copy)\.ts)/,
                priority: 1,
              },
            ],
          },
        },
      },
    },
  },
  security: {
    // Astro hashes every script and style it bundles into a per-page <meta> CSP: no 'unsafe-inline' scripts.
    // frame-ancestors cannot live in a meta CSP; netlify.toml sends it with the other security headers.
    csp: {
      directives: [
        "default-src 'self'",
        // Stored image values may be full http(s) URLs (spec: "a value starting with http is used as is").
        "img-src 'self' data: https:",
        "connect-src 'self'",
        "font-src 'self'",
        `frame-src ${mapOrigin}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
      ],
    },
  },
});
