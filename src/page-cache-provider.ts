/**
 * Astro's route cache provider for Netlify's CDN, in place of @astrojs/netlify's cacheNetlify(): that one writes
 * `max-age` with no `stale-if-error`, leaves browsers' Cache-Control unset and tags a 5xx like any answer. This
 * writes the site's page headers (src/lib/page-cache.ts) and keeps every header that lets a CDN store an answer
 * off a server error, so a failed render never replaces a good page.
 */
import type { CacheProvider } from 'astro';
import { pageCacheHeaders } from './lib/page-cache.ts';

const CDN_HEADERS = ['netlify-cdn-cache-control', 'netlify-cache-tag', 'cdn-cache-control', 'cache-tag'];

export default function pageCacheProvider(): CacheProvider {
  return {
    name: 'netlify-pages',
    setHeaders: (options) => pageCacheHeaders(options),
    async onRequest(_context, next) {
      const response = await next();
      if (response.status < 500) return response;
      const headers = new Headers(response.headers);
      for (const name of CDN_HEADERS) headers.delete(name);
      headers.set('Cache-Control', 'no-store');
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
    async invalidate() {
      // Writes purge through the API (src/server/cdn/publish-change.ts); pages never purge.
    },
  };
}
