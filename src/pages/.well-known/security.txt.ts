import type { APIRoute } from 'astro';
import { siteSettings } from '../../layouts/site-settings.ts';
import { securityTxt } from '../../lib/security-txt.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { securityContactOf } from '../../lib/site-settings.ts';

/**
 * Rendered when asked for (its contact is a site setting): its Expires is the render's time plus a year, and the
 * CDN keeps it at most a year (src/lib/page-cache.ts).
 */
export const prerender = false;

export const GET: APIRoute = async ({ site }) => {
  const origin = (site ?? new URL(siteConfig.siteUrl)).origin;
  const body = securityTxt({ contact: securityContactOf(await siteSettings()), origin, now: new Date() });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
