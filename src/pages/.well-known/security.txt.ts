import type { APIRoute } from 'astro';
import { siteSettings } from '../../layouts/site-settings.ts';
import { securityTxt } from '../../lib/security-txt.ts';
import { siteConfig } from '../../lib/site-config.ts';
import { securityContactOf } from '../../lib/site-settings.ts';

// Pre-rendered at build: its Expires is the build's time plus a year. The served type comes from netlify.toml.
export const GET: APIRoute = async ({ site }) => {
  const origin = (site ?? new URL(siteConfig.siteUrl)).origin;
  const body = securityTxt({ contact: securityContactOf(await siteSettings()), origin, now: new Date() });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
