/**
 * `/courses/{slug}/brochure.pdf`, each published course's brochure, made when asked for from the same
 * catalogue entry and Site settings as its page (src/course-brochure.ts).
 */
import type { APIRoute } from 'astro';
import { publishedCatalogue } from '../../../catalogue-data.ts';
import { courseBrochure } from '../../../course-brochure.ts';
import { siteSettings } from '../../../layouts/site-settings.ts';
import { siteConfig } from '../../../lib/site-config.ts';

/** Rendered when asked for, from the store; the CDN keeps it until a write purges its tags (src/lib/page-cache.ts). */
export const prerender = false;

export const GET: APIRoute = async ({ params, site, rewrite }) => {
  const course = (await publishedCatalogue()).find((candidate) => candidate.slug === params.slug);
  if (!course) return rewrite('/404');

  const settings = await siteSettings();
  const stored = (settings as unknown as Record<string, unknown>).refundPolicy;
  const refundPolicy = course.refundPolicy?.trim() || (typeof stored === 'string' ? stored.trim() : '');
  const bytes = await courseBrochure({
    course,
    settings,
    refundPolicy,
    site: site ?? new URL(siteConfig.siteUrl),
    madeAt: new Date(),
  });
  return new Response(Buffer.from(bytes), { headers: { 'Content-Type': 'application/pdf' } });
};
