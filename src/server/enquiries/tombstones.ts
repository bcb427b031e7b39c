/**
 * What the legacy importer must never bring back: imported requests this site removed for good (privacy erase,
 * retention purge, trash purge). A tombstone holds only a hash of the legacy collection and `_id` the request came
 * from, no personal data, so keeping it forever is no longer keeping the request.
 *
 * Stored one item per removal in a collection of their own (append-only, like the audit log): two removals at
 * once each add their item, where a shared list document would lose one of them to the other's write.
 */
import { createHash } from 'node:crypto';
import { isRecord } from '../../lib/json.ts';
import type { Repository, StoredItem } from '../repository/port.ts';

export const IMPORT_TOMBSTONES = 'importTombstones';

/** The one value a tombstone stores: never the `_id` itself, so it cannot be matched back to a person's request. */
export const tombstoneKey = (source: string, id: string): string =>
  createHash('sha256').update(`${source}/${id}`).digest('hex').slice(0, 32);

/** The legacy source of an imported item (scripts/migration/legacy-import.ts ImportedFrom), or null for an item made here. */
function legacySourceOf(item: StoredItem): { source: string; id: string } | null {
  const marker = item.importedFrom;
  return isRecord(marker) && typeof marker.source === 'string' && typeof marker.id === 'string'
    ? { source: marker.source, id: marker.id }
    : null;
}

/**
 * Records that an imported item is going for good. Called before it is removed: a failure between the two then
 * leaves a tombstone for an item still there (harmless), never a removed item without one.
 */
export async function leaveTombstone(repository: Repository, item: StoredItem): Promise<void> {
  const from = legacySourceOf(item);
  if (from) await repository.create(IMPORT_TOMBSTONES, { key: tombstoneKey(from.source, from.id) });
}

/** Every tombstone's key. */
export async function tombstoneKeys(repository: Repository): Promise<Set<string>> {
  return new Set(
    (await repository.list(IMPORT_TOMBSTONES)).flatMap((item) =>
      typeof item.key === 'string' ? [item.key] : [],
    ),
  );
}
