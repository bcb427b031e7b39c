/**
 * Leases, flags, counters, seat accounts, remembered answers, due-time indexes, rollups and rate limits over Netlify Blobs, in the content store beside the items. Blobs rewrites nothing
 * in place here: every claim is a fresh key written with `onlyIfNew`, which Blobs applies atomically, so exactly
 * one of any number of concurrent claimants wins it.
 */
import { idTime, isId, newId } from './ids.ts';
import { blobKeys } from './keys.ts';
import { StoreUnavailableError, type Coordination, type DueEntry, type TallyChange } from './port.ts';
import { openBlobs, type BlobsOptions } from './blobs-connection.ts';

/** Taken-flag markers only guard against a concurrent taker; an hour is far beyond any function's life. */
const TAKEN_MARKER_TTL_MS = 3_600_000;
/** A due-time index keeps its entries in one folder per hour: a tick lists the folders, then only the due ones. */
const DUE_BUCKET_MS = 3_600_000;
/** Tries of one rollup's compare-and-set before the store counts as too busy (a burst of writes at once). */
const TALLY_ATTEMPTS = 20;
const dueBucketOf = (dueAtMs: number) => String(Math.floor(dueAtMs / DUE_BUCKET_MS)).padStart(10, '0');
const dueEntryTail = (member: string, dueAtMs: number) =>
  `${dueBucketOf(dueAtMs)}/${String(Math.max(0, Math.round(dueAtMs))).padStart(15, '0')}~${encodeURIComponent(member)}`;

export function createBlobsCoordination(options: BlobsOptions = {}): Coordination {
  const { readJSON, writeJSON, remove, listKeys, call } = openBlobs(options);

  const leaseGenerations = async (leaseName: string) =>
    (await listKeys(blobKeys.leasePrefix(leaseName))).map(Number).filter(Number.isInteger);

  async function acquireLease(leaseName: string, ttlMs: number): Promise<boolean> {
    const generations = await leaseGenerations(leaseName);
    const latest = generations.at(-1);
    if (latest !== undefined) {
      const held = await readJSON<{ expiresAt: number }>(blobKeys.leaseGeneration(leaseName, latest));
      if (held && held.expiresAt > Date.now()) return false;
    }
    const next = latest === undefined ? 0 : latest + 1;
    const won = await writeJSON(
      blobKeys.leaseGeneration(leaseName, next),
      { expiresAt: Date.now() + ttlMs },
      true,
    );
    if (!won.modified) return false;
    // Keep the previous generation, so a late contender that saw it as the latest still collides on `next`.
    await Promise.all(
      generations.filter((g) => g < next - 1).map((g) => remove(blobKeys.leaseGeneration(leaseName, g))),
    );
    return true;
  }

  async function releaseLease(leaseName: string) {
    // Expire the latest generation rather than delete it: contenders then all race for the same next
    // generation with `onlyIfNew`, so exactly one of them wins (deleting would let two start from scratch).
    const latest = (await leaseGenerations(leaseName)).at(-1);
    if (latest !== undefined) await writeJSON(blobKeys.leaseGeneration(leaseName, latest), { expiresAt: 0 });
  }

  async function raiseFlag(flagName: string) {
    await writeJSON(blobKeys.flagRaised(flagName, newId()), {});
  }

  async function takeFlag(flagName: string): Promise<boolean> {
    const raised = (await listKeys(blobKeys.flagRaisedPrefix(flagName))).filter(isId);
    const newest = raised.at(-1);
    if (newest === undefined) return false;
    if (!(await writeJSON(blobKeys.flagTaken(flagName, newest), {}, true)).modified) return false;
    // The newest raise goes last: a concurrent taker listing meanwhile still sees it and loses the claim above.
    await Promise.all(raised.slice(0, -1).map((id) => remove(blobKeys.flagRaised(flagName, id))));
    await remove(blobKeys.flagRaised(flagName, newest));
    const takenPrefix = blobKeys.flagTakenPrefix(flagName);
    const cutoff = Date.now() - TAKEN_MARKER_TTL_MS;
    const oldMarkers = (await listKeys(takenPrefix)).filter((id) => isId(id) && idTime(id) < cutoff);
    await Promise.all(oldMarkers.map((id) => remove(blobKeys.flagTaken(flagName, id))));
    return true;
  }

  async function addToSet(name: string, members: readonly string[]) {
    if (members.length > 0) await writeJSON(blobKeys.setAdded(name, newId()), [...members]);
  }

  /**
   * Claims each addition with `onlyIfNew` before reading it, and removes the addition before its claim: a taker
   * that listed it meanwhile either loses the claim or, once the claim is gone, reads nothing.
   */
  async function takeSet(name: string): Promise<string[]> {
    const added = (await listKeys(blobKeys.setAddedPrefix(name))).filter(isId);
    const taken = await Promise.all(
      added.map(async (id) => {
        if (!(await writeJSON(blobKeys.setTaken(name, id), {}, true)).modified) return [];
        const members = (await readJSON<string[]>(blobKeys.setAdded(name, id))) ?? [];
        await remove(blobKeys.setAdded(name, id));
        await remove(blobKeys.setTaken(name, id));
        return members;
      }),
    );
    return [...new Set(taken.flat())];
  }

  /** Claims the first free slot below `limit` (`onlyIfNew`): a lost race moves on to the next slot. */
  async function countUpTo(name: string, limit: number): Promise<number | null> {
    for (let slot = (await listKeys(blobKeys.counterPrefix(name))).length; slot < limit; slot++) {
      if ((await writeJSON(blobKeys.counterSlot(name, slot), Date.now(), true)).modified) return slot + 1;
    }
    return null;
  }

  const readCount = async (name: string) => (await listKeys(blobKeys.counterPrefix(name))).length;

  /**
   * @upstash/ratelimit's sliding window, counted the way its script counts: one slot key per allowed hit, in the
   * fixed window it fell in; the previous window's hits weigh by the share of it still inside the sliding window.
   * A hit claims the first free slot with `onlyIfNew`, so exactly the allowance wins however many arrive at once,
   * and refused hits store nothing. Retry-After is the library's too: the end of the current fixed window.
   */
  async function hit(bucket: string, identifier: string, limit: number, windowSeconds: number) {
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const window = Math.floor(now / windowMs);
    const prefix = blobKeys.rateHitPrefix(bucket, identifier);
    const keys = await listKeys(prefix);
    const windowOf = (key: string) => Number(key.split('/')[0]);
    const expired = keys.filter((key) => windowOf(key) < window - 1);
    await Promise.all(expired.map((key) => remove(prefix + key)));
    const previous = keys.filter((key) => windowOf(key) === window - 1).length;
    const weighted = Math.floor((1 - (now % windowMs) / windowMs) * previous);
    const slotKey = (slot: number) => blobKeys.rateHit(bucket, identifier, window) + slot;
    const taken = keys.filter((key) => windowOf(key) === window).length;
    for (let slot = taken; weighted + slot < limit; slot++) {
      if ((await writeJSON(slotKey(slot), now, true)).modified)
        return { allowed: true, retryAfterSeconds: 0 };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)),
    };
  }

  async function clearHits(bucket: string, identifier: string) {
    const prefix = blobKeys.rateHitPrefix(bucket, identifier);
    await Promise.all((await listKeys(prefix)).map((key) => remove(prefix + key)));
  }

  /**
   * Claims the first free seat key with `onlyIfNew`, so of any number of takers at once one wins each seat. Seats
   * are offered below a limit, and every seat held at or above it (a rebuild that found more holders than seats,
   * or a lowered capacity) lowers the limit by one: held seats then never pass the capacity.
   */
  async function takeSeat(account: string, holder: string, capacity: number) {
    if ((await readJSON(blobKeys.seatsOpen(account))) === null) return 'closed' as const;
    if ((await readJSON(blobKeys.seatHolder(account, holder))) !== null) return 'taken' as const;
    const held = new Set((await listKeys(blobKeys.seatPrefix(account))).map(Number));
    let limit = capacity;
    for (let above = Infinity; above !== limit;) {
      above = limit;
      limit = capacity - [...held].filter((seat) => seat >= above).length;
    }
    for (let seat = 0; seat < limit; seat++) {
      if (held.has(seat)) continue;
      const claim = { holder, at: Date.now() };
      if (!(await writeJSON(blobKeys.seat(account, seat), claim, true)).modified) continue;
      // Two takes for one holder at once: the first to name its seat keeps it, the other gives its seat back.
      if (!(await writeJSON(blobKeys.seatHolder(account, holder), { seat }, true)).modified)
        await remove(blobKeys.seat(account, seat));
      return 'taken' as const;
    }
    return 'full' as const;
  }

  async function releaseSeat(account: string, holder: string) {
    const holderKey = blobKeys.seatHolder(account, holder);
    const named = await readJSON<{ seat: number }>(holderKey);
    const prefix = blobKeys.seatPrefix(account);
    // A take that stopped between its two writes left a seat no holder key names: it is found by its holder.
    const seats = named ? [named.seat] : (await listKeys(prefix)).map(Number);
    for (const seat of seats) {
      const claim = await readJSON<{ holder: string }>(blobKeys.seat(account, seat));
      if (claim?.holder === holder) await remove(blobKeys.seat(account, seat));
    }
    if (named) await remove(holderKey);
  }

  async function seatsHeld(account: string) {
    if ((await readJSON(blobKeys.seatsOpen(account))) === null) return null;
    return (await listKeys(blobKeys.seatPrefix(account))).length;
  }

  async function openSeats(account: string, holders: readonly string[]) {
    const [seats, named] = await Promise.all([
      listKeys(blobKeys.seatPrefix(account)),
      listKeys(blobKeys.seatHolderPrefix(account)),
    ]);
    await Promise.all([
      ...seats.map((tail) => remove(blobKeys.seatPrefix(account) + tail)),
      ...named.map((tail) => remove(blobKeys.seatHolderPrefix(account) + tail)),
    ]);
    await Promise.all(
      [...new Set(holders)].map(async (holder, seat) => {
        await writeJSON(blobKeys.seat(account, seat), { holder, at: Date.now() });
        await writeJSON(blobKeys.seatHolder(account, holder), { seat });
      }),
    );
    await writeJSON(blobKeys.seatsOpen(account), { openedAt: Date.now() });
  }

  async function remember(name: string, value: unknown, ttlMs: number) {
    await writeJSON(blobKeys.remembered(name), { value, expiresAt: Date.now() + ttlMs });
  }

  async function recall<T>(name: string): Promise<T | null> {
    const kept = await readJSON<{ value: T; expiresAt: number }>(blobKeys.remembered(name));
    if (kept === null) return null;
    if (kept.expiresAt > Date.now()) return kept.value;
    await remove(blobKeys.remembered(name));
    return null;
  }

  /**
   * The member's key names its entry, and is written first: an entry no member key names (a replaced time, an
   * unschedule cut short) is stale, and the tick that meets it removes it. So a new time costs two writes, not a
   * read of the old one first: item writes (a burst of submissions) wait for it.
   */
  async function schedule(queue: string, member: string, dueAtMs: number) {
    const entry = blobKeys.dueEntriesPrefix(queue) + dueEntryTail(member, dueAtMs);
    await writeJSON(blobKeys.dueMember(queue, member), { entry });
    await writeJSON(entry, { member, dueAtMs });
  }

  async function unschedule(queue: string, member: string) {
    const memberKey = blobKeys.dueMember(queue, member);
    const named = await readJSON<{ entry: string }>(memberKey);
    if (!named) return;
    await remove(memberKey);
    await remove(named.entry);
  }

  async function due(queue: string, nowMs: number, limit: number): Promise<DueEntry[]> {
    const prefix = blobKeys.dueEntriesPrefix(queue);
    const folders = await call(
      async (blobs) => (await blobs.list({ prefix, directories: true })).directories,
    );
    const dueFolders = folders
      .map((folder) => folder.slice(prefix.length).replace(/\/$/, ''))
      .filter((bucket) => bucket <= dueBucketOf(nowMs))
      .sort();
    const found: DueEntry[] = [];
    for (const bucket of dueFolders) {
      for (const tail of await listKeys(`${prefix}${bucket}/`)) {
        const [at = '', encoded = ''] = tail.split('~');
        const dueAtMs = Number(at);
        if (dueAtMs > nowMs) continue;
        const member = decodeURIComponent(encoded);
        const entryKey = `${prefix}${bucket}/${tail}`;
        const named = await readJSON<{ entry: string }>(blobKeys.dueMember(queue, member));
        if (named?.entry !== entryKey) {
          await remove(entryKey);
          continue;
        }
        found.push({ member, dueAtMs });
      }
      if (found.length >= limit) break;
    }
    return found.sort((a, b) => a.dueAtMs - b.dueAtMs).slice(0, Math.max(1, limit));
  }

  /**
   * A rollup is one small JSON map kept in generations, as a lease is: a change reads the latest generation and
   * writes the next one with `onlyIfNew`, so of concurrent changes one wins each generation and the others read
   * again and retry: every count lands, none twice. The generation before the latest is kept, so a reader that
   * listed it still finds it.
   */
  const rollupGenerations = async (name: string) =>
    (await listKeys(blobKeys.tallyPrefixOf(name))).map(Number).filter(Number.isInteger);

  async function latestRollup(name: string): Promise<{ generation: number; counts: Record<string, number> }> {
    for (let attempt = 0; attempt < TALLY_ATTEMPTS; attempt++) {
      const generation = (await rollupGenerations(name)).at(-1);
      if (generation === undefined) return { generation: -1, counts: {} };
      const counts = await readJSON<Record<string, number>>(blobKeys.tally(name, generation));
      if (counts) return { generation, counts };
    }
    throw new StoreUnavailableError('A rollup is too busy to read.');
  }

  async function addToRollup(name: string, fields: ReadonlyMap<string, number>) {
    for (let attempt = 0; attempt < TALLY_ATTEMPTS; attempt++) {
      const { generation, counts } = await latestRollup(name);
      const next = { ...counts };
      for (const [field, by] of fields) {
        const count = (next[field] ?? 0) + by;
        if (count === 0) delete next[field];
        else next[field] = count;
      }
      if (!(await writeJSON(blobKeys.tally(name, generation + 1), next, true)).modified) continue;
      if (generation > 0) await remove(blobKeys.tally(name, generation - 1));
      return;
    }
    throw new StoreUnavailableError('A rollup is too busy to count.');
  }

  async function tally(changes: readonly TallyChange[], once?: string) {
    if (once && !(await writeJSON(blobKeys.tallyOnce(once), 1, true)).modified) return false;
    const byName = new Map<string, Map<string, number>>();
    for (const { name, field, by } of changes) {
      const fields = byName.get(name) ?? new Map<string, number>();
      fields.set(field, (fields.get(field) ?? 0) + Math.round(by));
      byName.set(name, fields);
    }
    await Promise.all([...byName].map(([name, fields]) => addCoalesced(name, fields)));
    return true;
  }

  /**
   * Changes to one rollup made in this process while its previous write is in flight are summed and written as
   * one: a burst of requests (fifty enrolments at once) costs a few generations, not fifty writers retrying
   * against each other. Each caller's promise settles when the write that carries its change does.
   */
  const rollupBatches = new Map<string, Map<string, number>>();
  const rollupWrites = new Map<string, Promise<void>>();
  function addCoalesced(name: string, fields: ReadonlyMap<string, number>): Promise<void> {
    let batch = rollupBatches.get(name);
    let written = rollupWrites.get(name);
    if (!batch || !written) {
      const next = new Map<string, number>();
      batch = next;
      rollupBatches.set(name, next);
      written = (rollupWrites.get(name) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() => {
          // From here on, new changes start the next batch.
          if (rollupBatches.get(name) === next) rollupBatches.delete(name);
          return addToRollup(name, next);
        });
      const settled = written;
      rollupWrites.set(name, settled);
      void settled
        .catch(() => undefined)
        .finally(() => {
          if (rollupWrites.get(name) === settled) rollupWrites.delete(name);
        });
    }
    for (const [field, by] of fields) batch.set(field, (batch.get(field) ?? 0) + by);
    return written;
  }

  const readTallies = (names: readonly string[]) =>
    Promise.all(names.map(async (name) => (await latestRollup(name)).counts));

  async function clearTallies() {
    const keys = await listKeys(blobKeys.tallyPrefix);
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((tail) => remove(blobKeys.tallyPrefix + tail)));
  }

  return {
    acquireLease,
    releaseLease,
    raiseFlag,
    takeFlag,
    addToSet,
    takeSet,
    countUpTo,
    readCount,
    hit,
    clearHits,
    takeSeat,
    releaseSeat,
    seatsHeld,
    openSeats,
    remember,
    recall,
    schedule,
    unschedule,
    due,
    tally,
    readTallies,
    clearTallies,
  };
}
