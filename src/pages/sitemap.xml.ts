import type { APIRoute } from 'astro';
import { publishedCaseStudies } from '../case-study-data.ts';
import { publishedCatalogue } from '../catalogue-data.ts';
import { caseStudyPath } from '../lib/case-studies.ts';
import { coursePath } from '../lib/catalogue.ts';
import { PUBLIC_PAGES, siteConfig } from '../lib/site-config.ts';

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL(siteConfig.siteUrl);
  // The fixed pages, then each published course's page (issue 22) and case study's (issue 25.3): addresses only.
  const courses = (await publishedCatalogue()).map((course) => coursePath(course.slug));
  const studies = (await publishedCaseStudies()).map((study) => caseStudyPath(study.slug));
  const urls = [...PUBLIC_PAGES, ...courses, ...studies]
    .map((path) => `  <url><loc>${new URL(path, origin).href}</loc></url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
