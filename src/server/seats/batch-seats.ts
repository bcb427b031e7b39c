/**
 * A batch's seats as a counted resource. Each batch has a seat account in the Coordination store (port.ts
 * `takeSeat`): an enrolment request holds one of its seats exactly while the seat rule says so (holdsSeat,
 * src/lib/batches.ts). Every move into
 * `enrolled` (payment in full, staff's status change, a trash restore) takes the seat first and is refused when
 * none is left; every move out (status change, delete, erasure) gives it back after the request is written. So
 * the account may for a moment count a seat whose request is not yet written, never the other way round: a batch
 * is never oversold. The public availability and the submission's full-or-not read the account, not the requests.
 */
import { holdsSeat, holdsSeatIn } from '../../lib/batches.ts';
import { contentFamilies, requestFamilies } from '../../lib/collections.ts';
import type { Deps } from '../deps.ts';
import { everyInIndex } from '../repository/every-in-index.ts';
import { StoreUnavailableError, type StoredItem } from '../repository/port.ts';

const enroll = requestFamilies.enroll;
const batches = contentFamilies.batch;

/** The seat account of a batch. */
export const seatAccount = (batchId: string) => `batch-${batchId}`;

/** Long enough for one read of the batch's enrolments and the account's first write. */
const OPEN_LEASE_MS = 30_000;
/** How long a caller waits for another instance opening the same account before answering 503. */
const OPEN_WAIT_MS = 8_000;
const OPEN_POLL_MS = 150;

const capacityOf = (batch: StoredItem) => (typeof batch.capacity === 'number' ? batch.capacity : 0);

/** The ids of the requests that hold a seat of the batch, read from the requests themselves. */
const holdersOf = (batchId: string, requests: readonly StoredItem[]) =>
  requests.filter((item) => holdsSeatIn(batchId, item)).map((item) => item._id);

/**
 * A batch whose account was never opened (made before seats were counted) gets one, once, from its enrolled
 * requests (through the batch index): one instance reads them under a lease while any other waits for the account to appear.
 */
/** What counting a batch's seats needs: the stores alone, so a page can count them without the API's wiring. */
export type SeatStores = Pick<Deps, 'repository' | 'coordination'>;

async function openAccount(deps: SeatStores, batchId: string): Promise<void> {
  const account = seatAccount(batchId);
  const lease = `seats-open-${batchId}`;
  const until = Date.now() + OPEN_WAIT_MS;
  for (;;) {
    if (await deps.coordination.acquireLease(lease, OPEN_LEASE_MS)) {
      try {
        if ((await deps.coordination.seatsHeld(account)) === null)
          await deps.coordination.openSeats(
            account,
            holdersOf(
              batchId,
              await everyInIndex(deps.repository, enroll.key, { field: 'batch', value: batchId }),
            ),
          );
      } finally {
        await deps.coordination.releaseLease(lease).catch(() => undefined);
      }
      return;
    }
    if ((await deps.coordination.seatsHeld(account)) !== null) return;
    if (Date.now() >= until) throw new StoreUnavailableError('The seats of a batch are being counted.');
    await new Promise((resolve) => setTimeout(resolve, OPEN_POLL_MS));
  }
}

/** How many seats of the batch are held now. */
export async function seatsHeldIn(deps: SeatStores, batchId: string): Promise<number> {
  const held = await deps.coordination.seatsHeld(seatAccount(batchId));
  if (held !== null) return held;
  await openAccount(deps, batchId);
  return (await deps.coordination.seatsHeld(seatAccount(batchId))) ?? 0;
}

/** Takes a seat of the batch for the request; false when none is left. A request that holds one keeps it. */
export async function takeSeat(deps: Deps, batch: StoredItem, holder: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const outcome = await deps.coordination.takeSeat(seatAccount(batch._id), holder, capacityOf(batch));
    if (outcome !== 'closed') return outcome === 'taken';
    await openAccount(deps, batch._id);
  }
  return false;
}

/** Gives back the seat a request held, once it no longer does (its status moved, it was deleted or erased). */
export async function releaseSeatOf(deps: Deps, before: StoredItem | null, after: StoredItem | null = null) {
  if (!before || !holdsSeat(before) || holdsSeat(after)) return;
  await deps.coordination.releaseSeat(seatAccount(before.batch), before._id);
}

/**
 * Writes a request that took a seat for this write: when the write does not land (refused, gone, failed), the
 * seat is given back.
 */
export async function writeWithSeat<T>(
  deps: Deps,
  seat: { batch: string; holder: string } | null,
  write: () => Promise<T | null>,
): Promise<T | null> {
  const giveBack = async () => {
    if (seat)
      await deps.coordination.releaseSeat(seatAccount(seat.batch), seat.holder).catch(() => undefined);
  };
  let written: T | null;
  try {
    written = await write();
  } catch (error) {
    await giveBack();
    throw error;
  }
  if (written === null) await giveBack();
  return written;
}

/**
 * An update of an enrolment request that may move it into or out of `enrolled` (staff's status change): into it
 * takes its batch's seat first (`full` when none is left, nothing written); out of it gives the seat back.
 */
export async function updateEnrolment(
  deps: Deps,
  id: string,
  fields: Record<string, unknown>,
): Promise<{ item: StoredItem; previous: StoredItem } | null | 'full'> {
  const current = await deps.repository.get(enroll.key, id);
  if (!current) return null;
  let seat: { batch: string; holder: string } | null = null;
  const after = { ...current, ...fields };
  if (holdsSeat(after) && !holdsSeat(current)) {
    const batch = await deps.repository.get(batches.key, after.batch);
    // A batch deleted since has no seats to count.
    if (batch) {
      if (!(await takeSeat(deps, batch, id))) return 'full';
      seat = { batch: batch._id, holder: id };
    }
  }
  const result = await writeWithSeat(deps, seat, () => deps.repository.update(enroll.key, id, fields));
  if (!result) return null;
  await releaseSeatOf(deps, result.previous, result.item);
  // Another change moved it back in meanwhile (two staff at once): it holds its seat again.
  if (holdsSeat(result.previous) && !holdsSeat(result.item)) {
    const now = await deps.repository.get(enroll.key, id);
    const batch = holdsSeat(now) ? await deps.repository.get(batches.key, now.batch) : null;
    if (batch) await takeSeat(deps, batch, id);
  }
  return result;
}

/**
 * Rebuilds every batch's seat account from the stored requests: after a backup restore or an import wrote the
 * requests directly, once per run (not on a request path).
 */
export async function rebuildSeatAccounts(deps: Pick<Deps, 'repository' | 'coordination'>): Promise<number> {
  const [known, requests] = await Promise.all([
    deps.repository.list(batches.key),
    deps.repository.list(enroll.key),
  ]);
  for (const batch of known)
    await deps.coordination.openSeats(seatAccount(batch._id), holdersOf(batch._id, requests));
  return known.length;
}
