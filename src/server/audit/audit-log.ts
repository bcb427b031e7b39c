/**
 * The audit log: an append-only collection of `{at, actor, actorName, action, target, detail, ip}`.
 * Nothing in the API edits or deletes an entry; the scheduled function purges entries older than
 * AUDIT_RETENTION_DAYS. The handler that did something tells the log what it did: the action, the
 * item's family, id and display title (the family's title field from the registry), and what changed, at write
 * time, so a delete keeps its title. A request is named by its person's name: personal data, so when a request
 * goes for good (an erasure, the retention purge, the trash purge) its name is struck from the log too.
 */
import { allFamilies } from '../../lib/collections.ts';
import { isRequestFamilyKey } from '../../families/index.ts';
import { DAY_MS } from '../../lib/constants.ts';
import { istDayEnd, istDayStart } from '../../lib/ist.ts';
import {
  AUDIT_RETENTION_DAYS,
  type AuditAction,
  type AuditDetail,
  type AuditEntry,
} from '../../lib/identity.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { idFloor, idTime } from '../repository/ids.ts';
import { StoreUnavailableError, type StoredItem } from '../repository/port.ts';

export const AUDIT = 'audit';
/** Accounts are not a registry family; they are named by the person's name all the same. */
export const ACCOUNT_FAMILY = 'account';
const TITLE_MAX = 120;

/** Who the audit log names as the actor of a command-line tool: no account acted, the store's operator did. */
export const COMMAND_LINE_ACTOR = 'command-line';

export interface AuditRecord {
  actor: string;
  actorName?: string;
  action: AuditAction;
  target: AuditEntry['target'];
  detail?: AuditDetail;
  ip: string;
}

/** Each family's title field, from the registry: a family added there is named in the log without more code. */
const TITLE_FIELDS: ReadonlyMap<string, string> = new Map([
  ...allFamilies.flatMap((family) =>
    'titleField' in family ? [[family.key, family.titleField] as [string, string]] : [],
  ),
  [ACCOUNT_FAMILY, 'name'],
]);

/** An item's display title: its family's title field, trimmed to a line's length. */
export function titleOf(family: string, item: Readonly<Record<string, unknown>>): string | undefined {
  const value = item[TITLE_FIELDS.get(family) ?? ''];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, TITLE_MAX) : undefined;
}

/** What a handler tells the log: the action, and the item it acted on (its id and title are read from it). */
export interface AuditEvent {
  action: AuditAction;
  family: string;
  item?: Readonly<Record<string, unknown>> | null;
  /** When there is no item to read (a list reordered, an export): the id, if any. */
  id?: string;
  /** A title that is not the item's title field (a passkey's name, the sign-in method). */
  title?: string;
  detail?: AuditDetail;
}

/** Records what `actor` just did, from the address the request came from. */
export function auditAction(
  { deps, ip }: { deps: Deps; ip: string },
  actor: Pick<Actor, 'userId' | 'name'>,
  event: AuditEvent,
): Promise<void> {
  const id = event.id ?? (typeof event.item?._id === 'string' ? event.item._id : undefined);
  const title =
    event.title?.slice(0, TITLE_MAX) ?? (event.item ? titleOf(event.family, event.item) : undefined);
  return recordAudit(deps, {
    actor: actor.userId,
    actorName: actor.name,
    action: event.action,
    target: { family: event.family, ...(id ? { id } : {}), ...(title ? { title } : {}) },
    ...(event.detail ? { detail: event.detail } : {}),
    ip,
  });
}

/**
 * Appends an entry. A store failure here is logged, not thrown: the change it describes already happened, and
 * answering it as failed would make the caller repeat it.
 */
export async function recordAudit(deps: Deps, record: AuditRecord): Promise<void> {
  try {
    await deps.repository.create(AUDIT, { at: deps.now().toISOString(), ...record });
  } catch (error) {
    const line = `[audit] could not record ${record.action}: ${error instanceof Error ? error.message : ''}`;
    // An outage is already reported as one (503s, health); anything else is a defect.
    if (error instanceof StoreUnavailableError) console.warn(line);
    else console.error(line);
  }
}

/** An entry as stored, older ones (without a name or details) included. */
const entryOf = (item: StoredItem): AuditEntry => ({
  _id: item._id,
  at: String(item.at),
  actor: String(item.actor),
  ...(typeof item.actorName === 'string' ? { actorName: item.actorName } : {}),
  action: item.action as AuditAction,
  target: item.target as AuditEntry['target'],
  ...(item.detail && typeof item.detail === 'object' ? { detail: item.detail as AuditDetail } : {}),
  ip: String(item.ip),
});

export interface AuditQuery {
  limit: number;
  cursor?: string | null;
  actor?: string;
  action?: AuditAction;
  /** IST calendar days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

/** Bounds a filtered page's scan, so a filter that matches nothing answers (with a cursor) instead of reading all. */
const SCAN_PAGES = 20;

/** Newest first, filtered by actor and action, `limit` entries after `cursor`. */
export async function readAudit(
  deps: Deps,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const matches = (entry: AuditEntry) =>
    (!query.actor || entry.actor === query.actor) && (!query.action || entry.action === query.action);
  const entries: AuditEntry[] = [];
  let cursor = query.cursor ?? null;
  const newest = query.to ? istDayEnd(query.to) : Infinity;
  const oldest = query.from ? istDayStart(query.from) : -Infinity;
  // An id is made just after its entry's time: the range's end (and a minute's grace) starts the scan there.
  if (query.to) {
    const ceiling = idFloor(newest + 60_000);
    if (!cursor || ceiling < cursor) cursor = ceiling;
  }
  for (let scanned = 0; scanned < SCAN_PAGES; scanned++) {
    const page = await deps.repository.listPage(AUDIT, { limit: Math.max(query.limit, 100), cursor });
    for (const item of page.items) {
      const entry = entryOf(item);
      const at = Date.parse(entry.at);
      // Newest first: past the range's start, nothing older can match.
      if (at < oldest) return { entries, nextCursor: null };
      if (at > newest || !matches(entry)) continue;
      entries.push(entry);
      if (entries.length === query.limit) return { entries, nextCursor: entry._id };
    }
    cursor = page.nextCursor;
    if (!cursor) return { entries, nextCursor: null };
  }
  return { entries, nextCursor: cursor };
}

/** Deletes entries older than the retention (ids are time-ordered: the scan stops at the first young one). */
export async function purgeAudit(deps: Deps): Promise<number> {
  const edge = deps.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS;
  let purged = 0;
  // Newest first from just below the edge: every id older than the edge is at or after this cursor.
  let cursor: string | null = idFloor(edge);
  while (cursor) {
    const page = await deps.repository.listPage(AUDIT, { limit: 500, cursor });
    const old = page.items.filter((item) => idTime(item._id) < edge);
    await Promise.all(old.map((item) => deps.repository.delete(AUDIT, item._id)));
    purged += old.length;
    cursor = page.nextCursor;
  }
  return purged;
}

/**
 * Strikes the names of requests that are gone for good from the entries about them (a `put`, which keeps no
 * history of what it replaced): the log keeps what was done and when, never a name the company no longer holds.
 * One scan of the log per call, so callers pass every id of a run at once. Answers how many entries changed.
 */
export async function forgetRequestNames(
  deps: Deps,
  family: string,
  ids: readonly string[],
): Promise<number> {
  // Certificates too: an erased holder's certificate stays, nameless.
  if (ids.length === 0 || !(isRequestFamilyKey(family) || family === 'certificate')) return 0;
  const gone = new Set(ids);
  let changed = 0;
  let cursor: string | null = null;
  do {
    const page = await deps.repository.listPage(AUDIT, { limit: 500, cursor });
    for (const item of page.items) {
      const target = item.target as AuditEntry['target'] | undefined;
      if (target?.family !== family || !target.id || !gone.has(target.id) || target.title === undefined)
        continue;
      const { title: _title, ...rest } = target;
      await deps.repository.put(AUDIT, { ...item, target: rest });
      changed += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return changed;
}
