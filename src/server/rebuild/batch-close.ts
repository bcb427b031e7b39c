/**
 * "A batch closes itself when it starts" (issue 22.3): a batch's state is derived from the clock, so nothing is
 * written when it starts or finishes, but the pre-rendered course pages still show its "Enrol" button until the
 * next build. The daily check asks for one rebuild (publishChange: the deploy governor and its budget apply) when
 * a published batch started or finished since the last check. Idempotent: each batch's start and finish is
 * claimed once by a Coordination lease that outlives the look-back, so a second run the same day asks for nothing.
 */
import { contentFamilies } from '../../lib/collections.ts';
import { istDayEnd, utcToIstDay } from '../../lib/ist.ts';
import { publishChange } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { isLiveAt } from '../../lib/schedule.ts';
import type { StoredItem } from '../repository/port.ts';

const DAY_MS = 86_400_000;
/** How far back a start or finish still counts: the daily run, with two missed runs to spare. */
const LOOK_BACK_MS = 3 * DAY_MS;
/** Longer than the look-back, so a change claimed once is never claimed again. */
const CLAIM_MS = LOOK_BACK_MS + DAY_MS;

/** When the batch started (its first IST day's midnight) and finished (after its last IST day). */
function changesOf(batch: StoredItem): [string, number][] {
  const start = typeof batch.startDate === 'string' ? Date.parse(batch.startDate) : Number.NaN;
  const endDay = utcToIstDay(batch.endDate);
  return [
    ['started', start],
    ['finished', endDay === '' ? Number.NaN : istDayEnd(endDay) + 1],
  ];
}

/** Answers how many batches' states changed since the last check (one rebuild is requested when any did). */
export async function closeStartedBatches(deps: Deps): Promise<number> {
  const family = contentFamilies.batch;
  const now = deps.now().getTime();
  let changed = 0;
  for (const batch of (await deps.repository.list(family.key)).filter((item) => isLiveAt(item, now))) {
    for (const [state, at] of changesOf(batch)) {
      if (!Number.isFinite(at) || at > now || now - at > LOOK_BACK_MS) continue;
      if (await deps.coordination.acquireLease(`batch-${state}-${batch._id}`, CLAIM_MS)) changed += 1;
    }
  }
  if (changed > 0) await publishChange(deps, family.cacheTag);
  return changed;
}
