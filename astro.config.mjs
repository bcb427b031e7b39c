// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, passthroughImageService } from 'astro/config';
import netlify from '@astrojs/netlify';
import react from '@astrojs/react';
import { MAP_EMBED_ORIGINS, siteConfig } from './src/lib/site-config.ts';

/**
 * The src/lib modules the public islands reach, following their relative imports (type-only imports cost nothing
 * and are skipped). Derived rather than listed, so a module an island starts to use joins the islands chunk
 * instead of becoming a chunk of its own.
 */
function islandLibModules() {
  const root = fileURLToPath(new URL('./src/', import.meta.url));
  const islands = join(root, 'islands');
  const seen = new Set();
  const queue = readdirSync(islands)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(islands, name));
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.pop());
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, typeOnly, spec] of readFileSync(file, 'utf8').matchAll(
      /^import\s+(type\s)?[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm,
    )) {
      if (!typeOnly && spec) queue.push(join(dirname(file), spec));
    }
  }
  return [...seen]
    .map((file) => relative(root, file).split('\\').join('/'))
    .filter((path) => path.startsWith('lib/'))
    .map((path) => path.slice('lib/'.length).replace(/\.tsx?$/, ''))
    .sort();
}
const islandLibChunk = new RegExp(`src[\\\\/]lib[\\\\/](${islandLibModules().join('|')})\\.ts$`);

/** The form islands and their own helpers: a chunk of their own (see codeSplitting below). */
const formIslands =
  /src[\\/]islands[\\/](ContactForm|EnrollForm|FormNotice|form-fields|lead-source|use-submit)\.tsx?$/;

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

/** Mends what Astro writes that HTML's checker refuses, in every built page (why: src/server/build/valid-html.ts). */
/** @type {import('astro').AstroIntegration} */
const validHtml = {
  name: 'delta:valid-html',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const { mendBuiltHtml } = await import('./src/server/build/valid-html.ts');
      logger.info(`${await mendBuiltHtml(fileURLToPath(dir))} pages mended for the HTML checker`);
    },
  },
};

/**
 * Compiles the page components the API's previews render (issue 24.4; why and how:
 * src/server/preview/build-real-components.ts) to dist-server/, which netlify.toml ships with the API function.
 * Before the site build, not after: that compile loads this configuration again, and the Netlify adapter empties
 * its function's folder whenever it is set up, which would take the page function the site build just wrote.
 */
/** @type {import('astro').AstroIntegration} */
const previewComponents = {
  name: 'delta:preview-components',
  hooks: {
    'astro:build:start': async ({ logger }) => {
      const { buildRealComponents } = await import('./src/server/preview/build-real-components.ts');
      const { REAL_COMPONENTS_FILE } = await import('./src/server/preview/real-components.ts');
      const root = fileURLToPath(new URL('./', import.meta.url));
      const started = Date.now();
      const { reused } = await buildRealComponents(root, join(root, REAL_COMPONENTS_FILE));
      logger.info(
        reused
          ? 'preview components unchanged since this process compiled them: kept'
          : `preview components compiled in ${Date.now() - started} ms`,
      );
    },
  },
};

// Pages that show stored content render on demand (`prerender = false`) in the adapter's function, behind the
// CDN's durable cache, tagged and purged per family (src/lib/page-cache.ts); the rest stay pre-rendered. The API
// lives in netlify/functions.
export default defineConfig({
  site: siteConfig.siteUrl,
  output: 'static',
  // Not under vitest, which reads this configuration for the component tests: the adapter empties its function's
  // folder whenever it is set up, and would take the page function from under a running local runner.
  adapter: process.env.VITEST ? undefined : netlify({ imageCDN: false }),
  // The page headers the site needs (durable, stale-if-error, none on a 5xx): src/page-cache-provider.ts.
  // No page uses astro:assets: without this the page function would ship sharp for Astro's image endpoint.
  image: { service: passthroughImageService() },
  cache: { provider: { name: 'netlify-pages', entrypoint: './src/page-cache-provider.ts' } },
  trailingSlash: 'never',
  build: { format: 'file' },
  // The build reads its content back from the data store in this folder. Astro's default, node_modules/.astro, is
  // shared by every copy of the tree that links node_modules (the e2e suite's side runners, the bench): their
  // builds, each from its own store, read one another's content (decisions §60). Each tree keeps its own here.
  cacheDir: './.astro/build-cache',
  integrations: [react(), validHtml, bakeUploads, previewComponents],
  devToolbar: { enabled: false },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // Automatic splitting cut the public islands into ~15 chunks of ~1 KB: each a request on a phone (6 per
          // origin over HTTP/1.1, 150 ms RTT) plus a gzip header, which pushed `/` past its 80 KB budget. A few
          // chunks instead: React + the island renderer, the src/lib modules the public islands use, the public
          // islands, and the two forms. The admin's own modules keep automatic splitting.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                priority: 2,
              },
              {
                // The src/lib modules, apart from the islands that use them: the islands' chunk imports React, and
                // a plain page script (the services carousel, §55) that takes a constant or the API client from
                // it would fetch and evaluate React with it. Before the islands' and the forms' groups, which
                // would otherwise take these modules along.
                name: 'public-lib',
                test: islandLibChunk,
                priority: 1.7,
              },
              {
                name: 'islands',
                test: (id) => /src[\\/]islands[\\/]/.test(id) && !formIslands.test(id),
                priority: 1.6,
              },
              {
                // The two forms are ~3 KB of the islands' code that only /contact and /enroll run: kept out of the
                // chunk every island page loads, which gives `/` room under its 80 KB (issue 21.21).
                name: 'forms',
                test: formIslands,
                priority: 1.5,
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
        // The map on /contact: any origin Site settings accept for it.
        `frame-src ${MAP_EMBED_ORIGINS.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
      ],
    },
  },
});
