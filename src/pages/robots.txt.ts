import type { APIRoute } from 'astro';
import { siteConfig } from '../lib/site-config.ts';

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(siteConfig.siteUrl);
  const body = `User-agent: *\nAllow: /\nDisallow: /deltaadmin\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
