import { describe, expect, it } from 'vitest';
import pageCacheProvider from './page-cache-provider.ts';

const context = {
  request: new Request('http://localhost/courses/x'),
  url: new URL('http://localhost/courses/x'),
  logger: { info: () => {}, warn: () => {}, error: () => {} },
};
const tagged = (status: number) =>
  new Response('page', {
    status,
    headers: {
      'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=31536000',
      'Netlify-Cache-Tag': 'siteSettings,course',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    },
  });

describe('the page cache provider', () => {
  it('writes the site’s page headers for what a page was kept with', () => {
    const headers = pageCacheProvider().setHeaders!({ maxAge: 60, tags: ['course'] }, context.request);
    expect(headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=60');
    expect(headers.get('Netlify-Cache-Tag')).toBe('course');
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
  });

  it('keeps every CDN header off a server error, so it never replaces a good page', async () => {
    for (const status of [500, 502, 503]) {
      const response = await pageCacheProvider().onRequest!(context, async () => tagged(status));
      expect(response.status).toBe(status);
      expect(response.headers.get('Netlify-CDN-Cache-Control')).toBeNull();
      expect(response.headers.get('Netlify-Cache-Tag')).toBeNull();
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(await response.text()).toBe('page');
    }
  });

  it('passes a good answer and a 404 through as they are', async () => {
    for (const status of [200, 301, 404]) {
      const response = await pageCacheProvider().onRequest!(context, async () => tagged(status));
      expect(response.headers.get('Netlify-Cache-Tag')).toBe('siteSettings,course');
    }
  });
});
