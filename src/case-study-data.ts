/**
 * The published case studies as the pages read them at build time, in the admin's order, each with
 * its earlier slugs for the redirects of a renamed one. The loader (src/content-loaders.ts) has already left out
 * what an item keeps private.
 */
import { orderedContent, publicItems } from './content-order.ts';
import type { ShownCaseStudy } from './lib/case-studies.ts';

export async function publishedCaseStudies(): Promise<ShownCaseStudy[]> {
  const [studies, stored] = await Promise.all([publicItems('caseStudy'), orderedContent('caseStudy')]);
  return studies.map((study) => ({
    ...study,
    // Always stored (the API derives one from the title); the item type leaves it optional, as its input is.
    slug: study.slug ?? '',
    slugHistory: stored.find((item) => item._id === study._id)?.slugHistory ?? [],
  }));
}
