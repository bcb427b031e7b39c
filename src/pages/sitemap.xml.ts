import type { APIRoute } from 'astro';
import { siteConfig } from '../lib/site-config.ts';

/** The public routes, for search engines (the admin area is deliberately absent). */
const SITEMAP_PATHS = [
  '/',
  '/about',
  '/services',
  '/career',
  '/contact',
  '/enroll',
  '/privacy-policy',
] as const;

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL(siteConfig.siteUrl);
  const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${new URL(path, origin).href}</loc></url>`).join(
    '\n',
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
