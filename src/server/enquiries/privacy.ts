/**
 * Data-principal rights (India's DPDP Act 2023) and storage limitation: everything held about one e-mail
 * address, its erasure (outbox entries live on the request, so they go with it), and the retention purge.
 * Logs carry counts only, never personal data. A request imported from the old site leaves a tombstone
 * (tombstones.ts) when it goes, so importing the old site's export again does not bring it back. A paid
 * enrolment does not go: its tax record stays, the person's details removed (fees/tax-records.ts).
 */
import { requestFamilies } from '../../lib/collections.ts';
import { DAY_MS } from '../../lib/constants.ts';
import { isRequestFamilyKey, REQUEST_FAMILY_KEYS, type RequestFamilyKey } from '../../families/index.ts';
import { forgetRequestNames } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { keepsTaxRecord, keepTaxRecord, keepTrashedTaxRecord, taxRecordMark } from '../fees/tax-records.ts';
import { everyInIndex } from '../repository/every-in-index.ts';
import { EMAIL_INDEX, emailDigest } from '../repository/indexes.ts';
import type { Repository, StoredItem, TrashEntry } from '../repository/port.ts';
import { doneWith, resync, type DueMember } from '../schedule/due-index.ts';
import { releaseSeatOf } from '../seats/batch-seats.ts';
import { leaveTombstone } from './tombstones.ts';

type PerFamily<T> = Record<RequestFamilyKey, T>;

const perFamily = <T>(initial: () => T) =>
  Object.fromEntries(REQUEST_FAMILY_KEYS.map((family) => [family, initial()])) as PerFamily<T>;
/**
 * The counts as answered: contact and enrolment always (the shape callers had before the
 * assessment came), a later family only when it had any.
 */
const reported = (counts: PerFamily<number>) =>
  Object.fromEntries(
    Object.entries(counts).filter(
      ([family, count]) => family === 'contact' || family === 'enroll' || count > 0,
    ),
  ) as Pick<PerFamily<number>, 'contact' | 'enroll'> & Partial<PerFamily<number>>;

/** "2 contact and 1 enrolment requests" (the words the logs had), then any other family's count: counts only. */
const counted = (counts: PerFamily<number>) =>
  `${counts.contact} contact and ${counts.enroll} enrolment requests${REQUEST_FAMILY_KEYS.filter(
    (family) => family !== 'contact' && family !== 'enroll' && counts[family] > 0,
  )
    .map((family) => `, ${counts[family]} ${family}`)
    .join('')}`;

/**
 * An address as the audit log may hold it: enough to match an entry to a request the reader already knows of
 * (first letters, the top-level domain), not enough to contact or identify anyone: `priya@example.in` → `p***@e***.in`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, Math.max(at, 0));
  const [host = '', ...rest] = email.slice(at + 1).split('.');
  const masked = (part: string) => `${part.slice(0, 1)}***`;
  return `${masked(local)}@${[masked(host), ...rest.slice(-1)].join('.')}`;
}

const sameEmail = (value: unknown, email: string) =>
  typeof value === 'string' && value.trim().toLocaleLowerCase('en') === email.trim().toLocaleLowerCase('en');

/** Every request whose e-mail is `email` (case-insensitive), oldest first, per family; the trash too. */
export async function requestsByEmail(
  repository: Repository,
  email: string,
): Promise<PerFamily<StoredItem[]> & { trash: TrashEntry[] }> {
  const [found, trash] = await Promise.all([
    Promise.all(
      REQUEST_FAMILY_KEYS.map(async (family) =>
        (
          await everyInIndex(repository, requestFamilies[family].key, {
            field: EMAIL_INDEX,
            value: emailDigest(email),
          })
        )
          .filter((item) => sameEmail(item.email, email))
          .reverse(),
      ),
    ),
    trashedByEmail(repository, email),
  ]);
  return {
    ...(Object.fromEntries(REQUEST_FAMILY_KEYS.map((family, i) => [family, found[i] ?? []])) as PerFamily<
      StoredItem[]
    >),
    trash,
  };
}

async function trashedByEmail(repository: Repository, email: string): Promise<TrashEntry[]> {
  return (await repository.listTrash()).filter(
    (entry) => isRequestFamilyKey(entry.collection) && sameEmail(entry.item.email, email),
  );
}

/**
 * Removes a request for good: through the trash and out of it, so its revisions (history) go with it; a plain
 * delete would leave earlier versions behind.
 */
async function destroy(repository: Repository, family: RequestFamilyKey, item: StoredItem, at: string) {
  await leaveTombstone(repository, item);
  if (!(await repository.trash(family, item._id, at))) return false;
  await repository.purgeFromTrash(family, item._id);
  return true;
}

/** The retention rule, shared with the importer: a request received before this time is past retention. */
export const retentionCutoff = (now: Date, days: number): number => now.getTime() - days * DAY_MS;

/** A request with money on it leaves its tax record (an enrolment's payments); any other goes for good. */
const keepsRecord = keepsTaxRecord;

/** The counts as answered, with how many tax records stayed when any did. */
const withKept = (counts: PerFamily<number>, kept: number) => ({
  ...reported(counts),
  ...(kept > 0 ? { taxRecords: kept } : {}),
});

/**
 * Deletes every request from `email`, live or in the trash, and strikes their names from the audit log; a paid
 * enrolment leaves its tax record without the person's details. Answers how many of each family went (a kept
 * record counts: its person's data went) and how many tax records stayed.
 */
export async function eraseByEmail(deps: Deps, email: string) {
  const { repository } = deps;
  const found = await requestsByEmail(repository, email);
  const erased = perFamily(() => 0);
  const gone = perFamily<string[]>(() => []);
  let kept = 0;
  const at = deps.now().toISOString();
  for (const family of REQUEST_FAMILY_KEYS) {
    for (const item of found[family]) {
      const keep = keepsRecord(family, item);
      if (
        await (keep ? keepTaxRecord(repository, family, item, at) : destroy(repository, family, item, at))
      ) {
        // An erased enrolment that held a batch's seat frees it (a tax record left in its place holds none).
        await releaseSeatOf(deps, item);
        erased[family] += 1;
        gone[family].push(item._id);
        if (keep) kept += 1;
      }
    }
  }
  for (const entry of found.trash) {
    if (!isRequestFamilyKey(entry.collection)) continue;
    const keep = keepsRecord(entry.collection, entry.item);
    if (!keep) await leaveTombstone(repository, entry.item);
    const done = keep
      ? await keepTrashedTaxRecord(repository, entry, at)
      : (await repository.purgeFromTrash(entry.collection, entry.item._id)) !== null;
    if (done) {
      erased[entry.collection] += 1;
      gone[entry.collection].push(entry.item._id);
      if (keep) kept += 1;
    }
  }
  for (const family of REQUEST_FAMILY_KEYS) await forgetRequestNames(deps, family, gone[family]);
  console.info(`[privacy] erased ${counted(erased)}${kept > 0 ? `; ${kept} tax records kept` : ''}`);
  return withKept(erased, kept);
}

/** What the retention rule did to one request past its time. */
type Expiry = 'purged' | 'taxRecordKept' | 'taxRecordPurged' | 'stays' | 'none';

/**
 * One request past retention: a tax record whose keeping period is over goes; one still within it stays; a paid
 * enrolment leaves its tax record; any other request goes for good.
 */
async function expireRequest(
  deps: Deps,
  family: RequestFamilyKey,
  item: StoredItem,
  now: string,
): Promise<Expiry> {
  const mark = taxRecordMark(item);
  // A tax record: nothing personal left; it stays until its keeping period is over.
  if (mark && mark.keepUntil > now) return 'stays';
  const keep = !mark && keepsRecord(family, item);
  const done = keep
    ? await keepTaxRecord(deps.repository, family, item, now)
    : await destroy(deps.repository, family, item, now);
  if (!done) return 'none';
  return keep ? 'taxRecordKept' : mark ? 'taxRecordPurged' : 'purged';
}

/** Counts one family's expiries, strikes the gone requests' names from the audit log, logs counts only. */
class RetentionTally {
  readonly purged = perFamily(() => 0);
  kept = 0;
  private readonly gone = perFamily<string[]>(() => []);
  add(family: RequestFamilyKey, id: string, expiry: Expiry) {
    if (expiry === 'taxRecordKept') this.kept += 1;
    if (expiry === 'purged' || expiry === 'taxRecordPurged') this.purged[family] += 1;
    if (expiry === 'purged' || expiry === 'taxRecordKept') this.gone[family].push(id);
  }
  async finish(deps: Deps, days: number) {
    for (const family of REQUEST_FAMILY_KEYS)
      if (this.gone[family].length > 0) await forgetRequestNames(deps, family, this.gone[family]);
    if (Object.values(this.purged).some((count) => count > 0) || this.kept > 0)
      console.info(
        `[retention] deleted ${counted(this.purged)} older than ${days} days; ${this.kept} tax records kept`,
      );
    return withKept(this.purged, this.kept);
  }
}

/**
 * Deletes requests older than REQUEST_RETENTION_DAYS; a paid enrolment leaves its tax record, which goes once its
 * own keeping period is over. Answers how many of each family went, and how many tax records were made. Reads
 * every request family (an import's sweep); the scheduled run takes only the due ones (purgeDueRequests).
 */
export async function purgeExpiredRequests(deps: Deps) {
  const days = deps.env.REQUEST_RETENTION_DAYS;
  const cutoff = retentionCutoff(deps.now(), days);
  const now = deps.now().toISOString();
  const tally = new RetentionTally();
  for (const family of REQUEST_FAMILY_KEYS) {
    // Oldest first: stop at the first request young enough to keep.
    for (const item of await deps.repository.list(family)) {
      if (Date.parse(item.createdAt) >= cutoff) break;
      tally.add(family, item._id, await expireRequest(deps, family, item, now));
    }
  }
  return tally.finish(deps, days);
}

/**
 * The scheduled retention: only the requests the due-time index names as past their time, each read by id and
 * checked again (the index may be behind its item: then the entry follows the item, and nothing goes).
 */
export async function purgeDueRequests(deps: Deps, due: readonly DueMember[]) {
  const days = deps.env.REQUEST_RETENTION_DAYS;
  const nowMs = deps.now().getTime();
  const now = deps.now().toISOString();
  const tally = new RetentionTally();
  for (const member of due) {
    const family = member.collection;
    const item = isRequestFamilyKey(family) ? await deps.repository.get(family, member.id) : null;
    if (!(await resync(deps.coordination, { retentionDays: days }, member, item, nowMs))) continue;
    if (!item || !isRequestFamilyKey(family)) continue;
    if (Date.parse(item.createdAt) >= retentionCutoff(deps.now(), days) && !taxRecordMark(item)) continue;
    const expiry = await expireRequest(deps, family, item, now);
    tally.add(family, item._id, expiry);
    // Gone for good: its entry goes too (a kept tax record was entered again at its own time by its write).
    if (expiry === 'purged' || expiry === 'taxRecordPurged') await doneWith(deps.coordination, member);
  }
  return tally.finish(deps, days);
}
