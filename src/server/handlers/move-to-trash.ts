/**
 * Every delete of a trashable family (content, requests, courses) goes through here, so the trash can say who
 * deleted an item. The name is set on the item first as bookkeeping (`touch: false`: no new version,
 * no new `updatedAt`); a restore takes it off again.
 */
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import type { TrashEntry } from '../repository/port.ts';

export const DELETED_BY = 'deletedBy';

export async function moveToTrash(
  deps: Deps,
  collection: string,
  id: string,
  actor: Pick<Actor, 'name'>,
): Promise<TrashEntry | null> {
  const marked = await deps.repository.update(collection, id, { [DELETED_BY]: actor.name }, { touch: false });
  if (!marked) return null;
  return deps.repository.trash(collection, id, deps.now().toISOString());
}
