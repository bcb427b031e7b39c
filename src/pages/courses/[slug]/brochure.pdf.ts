/**
 * Issue 22.7: `/courses/{slug}/brochure.pdf`, each published course's brochure, made at build time from the same
 * catalogue entry and Site settings as its page (src/course-brochure.ts).
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { publishedCatalogue } from '../../../catalogue-data.ts';
import { courseBrochure } from '../../../course-brochure.ts';
import { siteSettings } from '../../../layouts/site-settings.ts';
import type { ShownCourse } from '../../../lib/catalogue.ts';
import { siteConfig } from '../../../lib/site-config.ts';

export const getStaticPaths = (async () =>
  (await publishedCatalogue()).map((course) => ({
    params: { slug: course.slug },
    props: { course },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site }) => {
  const { course } = props as { course: ShownCourse };
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
