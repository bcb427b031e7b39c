/**
 * Build-time content: every public collection is read from the store through the repository (the same code
 * the API uses) and validated with the registry's item schema. A store that cannot be reached throws, which
 * fails the build loudly so the live site keeps its last good deploy; an empty collection is fine.
 * Pages read this data only through astro:content; content families through src/content-order.ts, which keeps
 * the admin's order (Astro's data store sorts entries by id).
 */
import { defineCollection } from 'astro:content';
import type { PublicContentFamilyKey } from './lib/registry.ts';
import type { CollectionConfig } from 'astro/content/config';
import {
  contentFamilies,
  enrollCourseFamily,
  settingsFamily,
  statsFamily,
  type CollectionKey,
} from './lib/collections.ts';
import { resolveSettings } from './lib/site-settings.ts';
import { z } from 'zod';
import { BATCH_STATES } from './lib/batches.ts';
import { batchSeats, publishedItems } from './content-loaders.ts';
import { getRepository } from './server/repository/index.ts';
import { SINGLETON_ID } from './server/repository/keys.ts';

const publishedLoader = (key: CollectionKey) => () => publishedItems(getRepository(), key);

/** Enrollable courses that are offered (an inactive course is hidden from the enrol form). */
const activeCourseLoader = async () =>
  (await getRepository().list('enrollCourse'))
    .filter((course) => course.isActive !== false)
    .map((course) => ({ ...course, id: course._id }));

type ContentFamilies = typeof contentFamilies;
type Loader = ReturnType<typeof publishedLoader>;

/** One collection per public content family of the registry, validated with its derived item schema. */
const contentCollections = Object.fromEntries(
  // A staff-only family (certificates: personal data) is never read into the build.
  Object.values(contentFamilies)
    .filter((family) => !family.staffOnly)
    .map((family) => [
      family.key,
      defineCollection({ loader: publishedLoader(family.key), schema: family.itemSchema }),
    ]),
) as {
  [K in PublicContentFamilyKey]: CollectionConfig<ContentFamilies[K]['itemSchema'], Loader>;
};

export const collections = {
  ...contentCollections,
  enrollCourse: defineCollection({
    loader: activeCourseLoader,
    schema: enrollCourseFamily.itemSchema,
  }),
  stats: defineCollection({
    loader: async () => {
      const stats = await getRepository().getDocument<Record<string, unknown>>('stats');
      return stats ? [{ ...stats, id: 'stats' }] : [];
    },
    schema: statsFamily.itemSchema,
  }),
  /** Each published batch's seats and state at build time (issue 22): figures only, no enrolment. */
  batchSeats: defineCollection({
    loader: () => batchSeats(getRepository(), new Date()),
    schema: z.object({
      _id: z.string(),
      course: z.string(),
      capacity: z.number(),
      seatsLeft: z.number(),
      state: z.enum(BATCH_STATES),
    }),
  }),
  /** One entry: the stored site settings over their seed (src/lib/site-settings.ts), so never missing. */
  siteSettings: defineCollection({
    loader: async () => [
      {
        ...resolveSettings(await getRepository().get(settingsFamily.key, SINGLETON_ID)),
        id: settingsFamily.key,
      },
    ],
    schema: settingsFamily.valuesSchema,
  }),
};
