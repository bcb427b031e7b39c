/**
 * The audit log (issue 13): an append-only collection of `{at, actor, action, target, ip}`. Nothing in the API
 * edits or deletes an entry; the scheduled function purges entries older than AUDIT_RETENTION_DAYS. Targets carry
 * ids (and a content title), never an enquirer's personal data: callers pass ids only for request families.
 */
import { AUDIT_RETENTION_DAYS, type AuditAction, type AuditEntry } from '../../lib/identity.ts';
import type { Deps } from '../deps.ts';
import { idFloor, idTime } from '../repository/ids.ts';
import { StoreUnavailableError, type StoredItem } from '../repository/port.ts';

export const AUDIT = 'audit';

export interface AuditRecord {
  actor: string;
  action: AuditAction;
  target: AuditEntry['target'];
  ip: string;
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

const entryOf = (item: StoredItem): AuditEntry => ({
  _id: item._id,
  at: String(item.at),
  actor: String(item.actor),
  action: item.action as AuditAction,
  target: item.target as AuditEntry['target'],
  ip: String(item.ip),
});

export interface AuditQuery {
  limit: number;
  cursor?: string | null;
  actor?: string;
  action?: AuditAction;
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
  for (let scanned = 0; scanned < SCAN_PAGES; scanned++) {
    const page = await deps.repository.listPage(AUDIT, { limit: Math.max(query.limit, 100), cursor });
    for (const item of page.items) {
      const entry = entryOf(item);
      if (!matches(entry)) continue;
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
  const edge = deps.now().getTime() - AUDIT_RETENTION_DAYS * 86_400_000;
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
