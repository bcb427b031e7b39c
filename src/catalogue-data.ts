/**
 * The course catalogue as the pages read it when they render: published courses, trainers and batches in
 * the admin's order (src/content-order.ts), each batch's seats and state (from the seat accounts), joined by
 * src/lib/catalogue.ts. A course's earlier slugs come along, for the redirects of renamed courses.
 */
import { currentBatchSeats, orderedContent, publicItems } from './content-order.ts';
import { catalogue, type CatalogueBatch, type CatalogueCourse, type ShownCourse } from './lib/catalogue.ts';

export async function publishedCatalogue(): Promise<ShownCourse[]> {
  const [courses, stored, trainers, batches, seats] = await Promise.all([
    publicItems('course'),
    orderedContent('course'),
    publicItems('trainer'),
    publicItems('batch'),
    currentBatchSeats(),
  ]);
  const withHistory: CatalogueCourse[] = courses.map((course) => ({
    ...course,
    // Always stored (the API derives an empty one); the item type leaves it optional, as its input is.
    slug: course.slug ?? '',
    slugHistory: stored.find((item) => item._id === course._id)?.slugHistory ?? [],
  }));
  return catalogue(withHistory, trainers, batches as CatalogueBatch[], seats);
}
