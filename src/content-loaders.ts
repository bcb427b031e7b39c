/**
 * What the build reads of a content family (src/content.config.ts), apart from Astro so it can be tested on a real
 * store: drafts left out, each item with its position in the admin's order (the repository lists it so). Astro's
 * data store does not keep the loader's order (it sorts entries by id), so pages sort by that position
 * (src/content-order.ts).
 */
import { contentFamilies } from './lib/collections.ts';
import { publicView } from './lib/fields.ts';
import { isLiveAt, PUBLISH_AT, UNPUBLISH_AT } from './lib/schedule.ts';
import type { Repository, StoredItem } from './server/repository/port.ts';
import { learnerRevoked } from './server/testimonials/learner-testimonials.ts';

export async function publishedItems(
  repository: Repository,
  key: string,
  now: Date = new Date(),
): Promise<(StoredItem & { position: number; id: string })[]> {
  const items = await repository.list(key);
  // A verified learner's testimonial whose certificate is revoked is no verified learner's: never built into a
  // page, however it came to be published (a revoke unpublishes it; a restore or older data may not have).
  const revoked =
    key === contentFamilies.learnerTestimonial.key
      ? await Promise.all(items.map((item) => learnerRevoked({ repository }, item)))
      : [];
  // What an item keeps private (an anonymous client's name) never enters the build's data store.
  const fields = Object.values(contentFamilies).find((family) => family.key === key)?.fields ?? [];
  // The public API's rule: live at the build's time, scheduled times left out of the data.
  return items
    .map((item, position) => ({ item, position }))
    .filter(({ item, position }) => isLiveAt(item, now.getTime()) && !revoked[position])
    .map(({ item, position }) => {
      const { [PUBLISH_AT]: _publishAt, [UNPUBLISH_AT]: _unpublishAt, ...shown } = item;
      return { ...publicView(fields, shown), published: true, position, id: item._id };
    });
}
