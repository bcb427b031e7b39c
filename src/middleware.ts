/**
 * Every page rendered on demand tells the CDN how long to keep it and under which tags (src/lib/page-cache.ts),
 * from its route: the families it shows, capped at their next scheduled change; a server error gets no CDN
 * headers (src/page-cache-provider.ts). It also carries the security headers netlify.toml gives the deploy's
 * files, which Netlify does not add to a function's answer, and the HTML mends the build gives its pages
 * (src/lib/html-mends.ts). Pre-rendered pages (the build) get none of these here.
 */
import { defineMiddleware } from 'astro:middleware';
import { nextScheduledChange, withRequestReads } from './content-order.ts';
import { mendHtml } from './lib/html-mends.ts';
import { pageCacheOptions, pageTags } from './lib/page-cache.ts';
import { SITE_SECURITY_HEADERS } from './lib/site-headers.ts';

export const onRequest = defineMiddleware((context, next) =>
  withRequestReads(async () => {
    // The route asked for: a page that answers an unknown slug with the 404 page is still kept under its tags.
    const pattern = context.routePattern;
    const response = await next();
    if (context.isPrerendered) return response;
    const options = pageCacheOptions(
      pattern,
      response.status,
      nextScheduledChange(pageTags(pattern)),
      Date.now(),
    );
    context.cache.set(options ?? false);
    for (const [name, value] of Object.entries(SITE_SECURITY_HEADERS)) {
      // Astro sends a rendered page's own policy (its script and style hashes) as a header, not a <meta>: the
      // site's policy goes beside it, a second policy both are enforced under.
      if (name === 'Content-Security-Policy') response.headers.append(name, value);
      else if (!response.headers.has(name)) response.headers.set(name, value);
    }
    if (!/^text\/html\b/.test(response.headers.get('content-type') ?? '')) return response;
    const html = await response.text();
    // Astro names no charset on a page it renders as the 404 page (an unknown address); the deploy's files say it.
    response.headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(mendHtml(html), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }),
);
