/**
 * Build-time content: every public collection is read from the store through the repository (the same code
 * the API uses) and validated with the registry's item schema. A store that cannot be reached throws, which
 * fails the build loudly so the live site keeps its last good deploy; an empty collection is fine.
 * Pages read this data only through astro:content.
 */
import { defineCollection } from 'astro:content';
import { contentFamilies, enrollCourseFamily, statsFamily, type CollectionKey } from './lib/collections.ts';
import { getRepository } from './server/repository/index.ts';

const listLoader = (key: CollectionKey) => async () => {
  const items = await getRepository().list(key);
  return items.map((item) => ({ ...item, id: item._id }));
};

export const collections = {
  homeContent: defineCollection({
    loader: listLoader('homeContent'),
    schema: contentFamilies.homeContent.itemSchema,
  }),
  homeService: defineCollection({
    loader: listLoader('homeService'),
    schema: contentFamilies.homeService.itemSchema,
  }),
  homeCourse: defineCollection({
    loader: listLoader('homeCourse'),
    schema: contentFamilies.homeCourse.itemSchema,
  }),
  serviceContent: defineCollection({
    loader: listLoader('serviceContent'),
    schema: contentFamilies.serviceContent.itemSchema,
  }),
  career: defineCollection({
    loader: listLoader('career'),
    schema: contentFamilies.career.itemSchema,
  }),
  enrollCourse: defineCollection({
    loader: listLoader('enrollCourse'),
    schema: enrollCourseFamily.itemSchema,
  }),
  stats: defineCollection({
    loader: async () => {
      const stats = await getRepository().getDocument<Record<string, unknown>>('stats');
      return stats ? [{ ...stats, id: 'stats' }] : [];
    },
    schema: statsFamily.itemSchema,
  }),
};
