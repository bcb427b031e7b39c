/**
 * `GET /api/v1/batch/availability` (public): each published batch's capacity, seats left and derived
 * state (src/lib/batches.ts), `[{_id, course, capacity, seatsLeft, state}]`. Seats change with enrolments'
 * statuses, which are not content writes, so the CDN keeps the answer at most AVAILABILITY_CDN_SECONDS instead of
 * waiting for a purge.
 */
import { availabilityFromCounts } from '../../lib/batches.ts';
import { contentFamilies } from '../../lib/collections.ts';
import type { Deps } from '../deps.ts';
import { shortPublicCache } from '../http/cache-policy.ts';
import { ok } from '../http/respond.ts';
import { PUBLIC, publicRoute, READ, type ApiRoute } from '../http/route-table.ts';
import { isLiveAt } from '../../lib/schedule.ts';
import { seatsHeldIn } from '../seats/batch-seats.ts';

export const AVAILABILITY_CDN_SECONDS = 60;
export const availabilityPath = `${contentFamilies.batch.path}/availability`;

/** Seats come from each batch's seat account (batch-seats.ts), not from reading the enrolments. */
export async function batchAvailability(deps: Deps) {
  const now = deps.now();
  const batches = (await deps.repository.list(contentFamilies.batch.key)).filter((batch) =>
    isLiveAt(batch, now.getTime()),
  );
  const held = await Promise.all(batches.map((batch) => seatsHeldIn(deps, batch._id)));
  const taken = new Map(batches.map((batch, i) => [batch._id, held[i] ?? 0]));
  return availabilityFromCounts(batches, (id) => taken.get(id) ?? 0, now);
}

export const batchAvailabilityRoutes: readonly ApiRoute[] = [
  // Before the batch family's item route, whose `:id` would take `availability` for an id.
  publicRoute('GET', availabilityPath, PUBLIC, READ, async ({ deps }) => ok(await batchAvailability(deps)), {
    family: contentFamilies.batch.key,
    cache: shortPublicCache(contentFamilies.batch.cacheTag, AVAILABILITY_CDN_SECONDS),
  }),
];
