/**
 * Item versions over HTTP: a staff read answers the item's version as its `ETag`, a write sends it
 * back as `If-Match`, and a write made from an older version is refused with 412 saying who saved the newer one
 * and when. A write without `If-Match` (or with `*`) is not checked, so older clients keep working.
 */
import { API } from '../../lib/api-messages.ts';
import { formatIst } from '../../lib/ist.ts';
import type { Actor } from '../auth/guard.ts';
import {
  VersionConflictError,
  versionOf,
  type CollectionName,
  type Repository,
  type StoredItem,
} from '../repository/port.ts';
import { badRequest, HttpError, jsonResponse } from './respond.ts';

/** Who made an edit, as stored on the item (`updatedBy`) and shown in a refusal or the history. */
export interface Editor {
  accountId: string;
  name: string;
}

export const UPDATED_BY = 'updatedBy';

export const editorOf = (actor: Actor): Editor => ({ accountId: actor.accountId, name: actor.name });

/** The stored editor's name, or null for items saved before edits recorded who made them. */
export function editorName(item: Record<string, unknown>): string | null {
  const editor = item[UPDATED_BY];
  if (typeof editor !== 'object' || editor === null) return null;
  const name = (editor as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? name : null;
}

export const etagOf = (version: number) => `"${version}"`;

const ETAG = /^(?:W\/)?"(\d{1,15})"$/;

/**
 * The version a write was made from: undefined without `If-Match` or with `*`; a malformed one is a 400 before
 * anything is read or written. Of several listed ETags only one can be current, so a list is refused too.
 */
export function expectedVersion(request: Request): number | undefined {
  const header = request.headers.get('If-Match')?.trim();
  if (header === undefined || header === '' || header === '*') return undefined;
  const match = ETAG.exec(header);
  if (!match) throw new HttpError(badRequest(API.ifMatchInvalid));
  return Number(match[1]);
}

/** The 412: the reason, and the current version's number, time and editor, so a screen can offer a review. */
export function staleWrite(current: StoredItem): Response {
  const version = versionOf(current);
  const updatedBy = editorName(current);
  return jsonResponse(
    {
      success: false,
      message: API.staleWrite(updatedBy, formatIst(current.updatedAt)),
      current: { version, updatedAt: current.updatedAt, updatedBy },
    },
    412,
    undefined,
    { ETag: etagOf(version) },
  );
}

/**
 * An edit stored with its editor, made only over `expected` when the staff member sent one. A colleague's save
 * that lands between the handler's reads and this write is still the 412, never a silent overwrite.
 */
export async function updateAsEditor(
  repository: Repository,
  collection: CollectionName,
  id: string,
  fields: Record<string, unknown>,
  editor: Editor,
  expected: number | undefined,
): ReturnType<Repository['update']> {
  try {
    return await repository.update(
      collection,
      id,
      { ...fields, [UPDATED_BY]: editor },
      expected === undefined ? {} : { expectedVersion: expected },
    );
  } catch (error) {
    if (error instanceof VersionConflictError) throw new HttpError(staleWrite(error.current));
    throw error;
  }
}
