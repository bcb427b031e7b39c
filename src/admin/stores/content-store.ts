/**
 * State of one content screen (home content, home services, home courses, service content, careers): the
 * list lifecycle (loading → error, empty or loaded), the running request, upload progress and the notice, and
 * the content workflow: drafts, order, undo of a delete and the item's history.
 * One factory for every content family, configured from the registry; screens read the atoms and call the actions.
 */
import { formatIst } from '../../lib/ist.ts';
import { PUBLISH_AT, SCHEDULE_FIELDS, timeOf } from '../../lib/schedule.ts';
import { liveLine, liveOf } from '../format/publishing.ts';
import { atom, type WritableAtom } from 'nanostores';
import { ApiError, extractList } from '../../lib/api-client.ts';
import {
  orderPath,
  revisionRestorePath,
  revisionsPath,
  trashRestorePath,
  type ContentItem,
} from '../../lib/collections.ts';
import { API } from '../../lib/api-messages.ts';
import { UNDO_WINDOW_MS } from '../../lib/constants.ts';
import { ALT_FIELD } from '../../lib/fields.ts';
import { EDITING, SCHEDULE, WORKFLOW } from '../../lib/staff-messages.ts';
import type { ContentScreenConfig } from '../content-screens.ts';
import { adminRequest, failureText, uploadForm } from '../api/admin-api.ts';
import { isPictureFile } from '../image/accept.ts';
import { downscaleImage } from '../image/downscale.ts';

export type { ContentItem };

export interface ListState<T> {
  status: 'loading' | 'error' | 'ready';
  items: T[];
  error: string | null;
}

/** `text` is the spec's message, verbatim; `detail`, a second sentence beside it (a draft's). */
export type Notice = { kind: 'success' | 'error'; text: string; detail?: string } | null;
export type Busy =
  | { action: 'saving' }
  | { action: 'deleting'; id: string }
  | { action: 'restoring' }
  | { action: 'publishing'; id: string }
  | { action: 'revoking'; id: string }
  | null;

/** A delete that can still be taken back from the notice (for UNDO_WINDOW_MS). */
export interface UndoOffer {
  id: string;
  title: string;
}

/** One saved version of an item, newest first (GET …/{id}/revisions). */
export interface Revision {
  rev: string;
  savedAt: string;
  /** Who saved it; null for versions saved before the API recorded it. */
  savedBy?: string | null;
  data: ContentItem;
}

const isRevision = (value: unknown): value is Revision =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { rev?: unknown }).rev === 'string' &&
  typeof (value as { savedAt?: unknown }).savedAt === 'string' &&
  isItem((value as { data?: unknown }).data);

export interface SaveInput {
  /** null adds, an id updates. */
  id: string | null;
  /** Fields already validated with the family's shared schema. */
  fields: Record<string, unknown>;
  file: File | null;
  /** The version the edit was made from (sent as If-Match); undefined sends none, and the save always lands. */
  version?: number | undefined;
}

/**
 * A save refused because someone saved the item after the form was filled (412): their version as
 * now stored, and the server's words for who saved it and when. The form keeps what was typed.
 */
export interface Conflict {
  id: string;
  theirs: ContentItem;
  message: string;
}

/** An item's version as the API answers it (0 for one never edited). */
export const versionOf = (item: ContentItem): number => (typeof item.version === 'number' ? item.version : 0);

export type SaveResult =
  | { ok: true }
  /** `sessionExpired`: the server no longer knows the session (the admin is being sent to sign in). */
  | { ok: false; fieldErrors: Record<string, string>; sessionExpired?: boolean };

const isItem = (value: unknown): value is ContentItem =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

export const itemPath = (basePath: string, id: string) => `${basePath}/${encodeURIComponent(id)}`;

/** A draft is an item stored with `published: false`; anything else (older items too) is public. */
export const isDraft = (item: ContentItem): boolean => item.published === false;

/** A save's publish time still to come (the server stores the item unpublished until then), or null. */
function scheduledFor(fields: Record<string, unknown>): string | null {
  const at = timeOf(fields[PUBLISH_AT]);
  return at !== null && at > Date.now() ? new Date(at).toISOString() : null;
}

/** A 401: the session is gone and the admin is on the way to the login page. */
export const isSessionGone = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * Takes an item off a loaded list now (optimistic delete) and returns how to put it back at its place if the
 * server refuses. A list that reloaded meanwhile keeps its own items; the item returns only if it is missing.
 */
export function withoutItem<T extends { _id: string }, S extends { items: T[] }>(
  $list: WritableAtom<S>,
  id: string,
): () => void {
  const before = $list.get();
  const index = before.items.findIndex((item) => item._id === id);
  if (index < 0) return () => {};
  const removed = before.items[index]!;
  $list.set({ ...before, items: before.items.filter((item) => item._id !== id) });
  return () => {
    const current = $list.get();
    if (current.items.some((item) => item._id === id)) return;
    const items = [...current.items];
    items.splice(Math.min(index, items.length), 0, removed);
    $list.set({ ...current, items });
  };
}

export function createContentStore(config: ContentScreenConfig) {
  const { family } = config;
  const $list = atom<ListState<ContentItem>>({ status: 'loading', items: [], error: null });
  const $notice = atom<Notice>(null);
  const $busy = atom<Busy>(null);
  /** Upload progress in percent while a file is being sent; null otherwise. */
  const $progress = atom<number | null>(null);
  /** The item being edited; null in add mode. */
  const $editing = atom<ContentItem | null>(null);
  /** The last delete, while its notice still offers Undo. */
  const $undo = atom<UndoOffer | null>(null);
  /** What a polite live region tells screen readers about a move (the list itself changes silently). */
  const $announcement = atom('');
  /** A save that met a newer version, until the admin saves theirs over it or takes the stored one. */
  const $conflict = atom<Conflict | null>(null);
  let latestLoad = 0;
  let undoTimer: ReturnType<typeof setTimeout> | undefined;
  /** Order saves run one after another, each sending the list's order at the time it runs. */
  let orderQueue: Promise<unknown> = Promise.resolve();

  const fieldNames = new Set([
    ...family.fields.map((field) => field.name),
    ALT_FIELD,
    ...SCHEDULE_FIELDS.map((field) => field.name),
  ]);
  const titleOf = (item: ContentItem) => {
    const value = item[family.titleField];
    return typeof value === 'string' ? value : '';
  };

  function withdrawUndo(): void {
    clearTimeout(undoTimer);
    $undo.set(null);
  }

  /** A new notice replaces the old one, and with it any Undo the old one offered. */
  function notify(notice: Notice): void {
    withdrawUndo();
    $notice.set(notice);
  }

  /** Loads the list, drafts included. A reload after a change keeps the current items on screen until the new ones arrive. */
  async function load(): Promise<void> {
    const ticket = ++latestLoad;
    const current = $list.get();
    if (current.status !== 'ready') $list.set({ status: 'loading', items: [], error: null });
    try {
      const items = extractList(await adminRequest(family.path, { query: { drafts: 1 } })).filter(isItem);
      if (ticket === latestLoad) $list.set({ status: 'ready', items, error: null });
    } catch (error) {
      if (ticket === latestLoad) $list.set({ status: 'error', items: [], error: config.fetchError(error) });
    }
  }

  async function prepareFile(file: File | null): Promise<File | null> {
    if (!file || !family.image?.browserDownscale) return file;
    return downscaleImage(file, family.image.folder);
  }

  async function save(input: SaveInput): Promise<SaveResult> {
    $busy.set({ action: 'saving' });
    notify(null);
    let file: File | null;
    try {
      file = await prepareFile(input.file);
    } catch {
      $busy.set(null);
      // The spec's image error is for a picture the browser cannot decode; other bytes are no picture at all.
      const picture = input.file ? await isPictureFile(input.file).catch(() => true) : true;
      notify({ kind: 'error', text: picture ? config.imageFailed : API.notAPicture });
      return { ok: false, fieldErrors: {} };
    }
    const path = input.id ? itemPath(family.path, input.id) : family.path;
    const method = input.id ? 'PUT' : 'POST';
    const headers: Record<string, string> =
      input.id && input.version !== undefined ? { 'If-Match': `"${input.version}"` } : {};
    try {
      let answer: unknown;
      if (family.multipart) {
        const form = new FormData();
        for (const [name, value] of Object.entries(input.fields)) {
          // The spec's multipart shape: points travel as a JSON array in text.
          form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
        }
        if (file) {
          form.append('image', file);
          $progress.set(0);
        }
        answer = await uploadForm(
          path,
          method,
          form,
          (percent) => {
            if (file) $progress.set(percent);
          },
          headers,
        );
      } else {
        answer = await adminRequest(path, { method, json: input.fields, headers });
      }
      // When a published change reaches the site, as the server's deploy governor answers it.
      const live = liveOf(answer);
      notify({
        kind: 'success',
        text: input.id ? family.messages.updated : family.messages.added,
        // The spec's sentence alone would read as if the item were on the site.
        ...(scheduledFor(input.fields) !== null
          ? { detail: SCHEDULE.goesLive(formatIst(scheduledFor(input.fields) ?? '')) }
          : input.fields.published === false
            ? { detail: WORKFLOW.savedAsDraft }
            : live
              ? { detail: liveLine(live) }
              : {}),
      });
      $conflict.set(null);
      $editing.set(null);
      void load();
      return { ok: true };
    } catch (error) {
      if (input.id && error instanceof ApiError && error.status === 412) {
        await showConflict(input.id, failureText(error, family.messages.updateFailed));
        return { ok: false, fieldErrors: {} };
      }
      const fallback = input.id ? family.messages.updateFailed : family.messages.addFailed;
      const fieldErrors = error instanceof ApiError && error.errors ? error.errors : {};
      const names = Object.keys(fieldErrors);
      // Reasons the form shows beside its fields need no second, vaguer message.
      const besideFields = names.length > 0 && names.every((name) => fieldNames.has(name));
      notify(besideFields ? null : { kind: 'error', text: failureText(error, fallback) });
      return isSessionGone(error)
        ? { ok: false, fieldErrors, sessionExpired: true }
        : { ok: false, fieldErrors };
    } finally {
      $busy.set(null);
      $progress.set(null);
    }
  }

  /** Fetches the version that won, so the form can show how it differs from what the admin typed. */
  async function showConflict(id: string, message: string): Promise<void> {
    try {
      const body = (await adminRequest(itemPath(family.path, id), { query: { drafts: 1 } })) as {
        data?: unknown;
      } | null;
      if (!isItem(body?.data)) throw new ApiError({ kind: 'format' });
      $conflict.set({ id, theirs: body.data, message });
    } catch (error) {
      notify({ kind: 'error', text: `${message} ${failureText(error, EDITING.conflictLoadFailed)}` });
    }
  }

  /** Gives up the admin's changes for the stored version, which the form then shows. */
  function takeTheirs(): void {
    const conflict = $conflict.get();
    if (!conflict) return;
    $conflict.set(null);
    $editing.set(conflict.theirs);
    void load();
  }

  /**
   * Removes the card at once and puts it back where it was if the server refuses. The item went
   * to the trash, so the success notice offers Undo for UNDO_WINDOW_MS.
   */
  async function remove(id: string): Promise<boolean> {
    $busy.set({ action: 'deleting', id });
    notify(null);
    const item = $list.get().items.find((candidate) => candidate._id === id);
    const restore = withoutItem($list, id);
    try {
      await adminRequest(itemPath(family.path, id), { method: 'DELETE' });
      notify({ kind: 'success', text: family.messages.deleted });
      $undo.set({ id, title: item ? titleOf(item) : '' });
      undoTimer = setTimeout(() => $undo.set(null), UNDO_WINDOW_MS);
      void load();
      return true;
    } catch (error) {
      // Not found: someone else deleted it already, so it stays off the list.
      if (!(error instanceof ApiError && error.status === 404)) restore();
      notify({ kind: 'error', text: failureText(error, family.messages.deleteFailed) });
      return false;
    } finally {
      $busy.set(null);
    }
  }

  /** Takes the last delete back: the item returns from the trash with its id, fields, picture and place. */
  async function undoDelete(): Promise<boolean> {
    const offer = $undo.get();
    if (!offer) return false;
    return reloadingAction(
      { action: 'restoring' },
      () => adminRequest(trashRestorePath(family.key, offer.id), { method: 'POST' }),
      WORKFLOW.restored(offer.title),
      WORKFLOW.restoreFailed,
    );
  }

  /**
   * One workflow action: busy while it runs, the success text and a fresh list when it worked, the server's
   * reason (else `failed`) when it did not.
   */
  async function reloadingAction(
    busy: Busy,
    request: () => Promise<unknown>,
    succeeded: string,
    failed: string,
  ): Promise<boolean> {
    $busy.set(busy);
    notify(null);
    try {
      await request();
      notify({ kind: 'success', text: succeeded });
      await load();
      return true;
    } catch (error) {
      notify({ kind: 'error', text: failureText(error, failed) });
      return false;
    } finally {
      $busy.set(null);
    }
  }

  /**
   * Moves an item to `to` (0-based) in the list at once, tells screen readers, and saves the whole order. A 409
   * means the list changed on the server meanwhile: it is reloaded and the admin is told why.
   */
  function move(id: string, to: number): Promise<boolean> {
    const state = $list.get();
    const from = state.items.findIndex((item) => item._id === id);
    if (from < 0 || to < 0 || to >= state.items.length || to === from) return Promise.resolve(false);
    const items = [...state.items];
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved!);
    $list.set({ ...state, items });
    $announcement.set(WORKFLOW.moved(titleOf(moved!), to + 1, items.length));
    const saved = orderQueue.then(saveOrder);
    orderQueue = saved;
    return saved;
  }

  async function saveOrder(): Promise<boolean> {
    const ids = $list.get().items.map((item) => item._id);
    try {
      await adminRequest(orderPath(family), { method: 'PUT', json: { ids } });
      return true;
    } catch (error) {
      const conflict = error instanceof ApiError && error.status === 409;
      notify({
        kind: 'error',
        text: conflict ? WORKFLOW.orderReloaded : failureText(error, WORKFLOW.orderFailed),
      });
      await load();
      return false;
    }
  }

  /**
   * Publishes or unpublishes an item at once. Only the flag is sent: the values this screen loaded
   * may be older than a colleague's save, which must stay.
   */
  async function setPublished(item: ContentItem, published: boolean): Promise<boolean> {
    const title = titleOf(item);
    return reloadingAction(
      { action: 'publishing', id: item._id },
      () => adminRequest(itemPath(family.path, item._id), { method: 'PUT', json: { published } }),
      published ? WORKFLOW.published(title) : WORKFLOW.unpublished(title),
      WORKFLOW.publishFailed,
    );
  }

  /** Revokes an item of a family that has `revoke` (certificates), with the reason staff typed. */
  async function revoke(item: ContentItem, reason: string): Promise<boolean> {
    const words = family.revoke;
    if (!words) return false;
    return reloadingAction(
      { action: 'revoking', id: item._id },
      () => adminRequest(`${itemPath(family.path, item._id)}/revoke`, { method: 'POST', json: { reason } }),
      words.done,
      words.failed,
    );
  }

  /** The item's saved versions, newest first (at most the 10 the server keeps). */
  async function revisions(id: string): Promise<Revision[]> {
    return extractList(await adminRequest(revisionsPath(family, encodeURIComponent(id)))).filter(isRevision);
  }

  /** Makes a saved version current again (itself a new version) and reloads the list. */
  async function restoreRevision(id: string, rev: string): Promise<boolean> {
    return reloadingAction(
      { action: 'restoring' },
      async () => {
        await adminRequest(revisionRestorePath(family, encodeURIComponent(id), encodeURIComponent(rev)), {
          method: 'POST',
        });
        // The form would otherwise save the replaced version over the restored one.
        if ($editing.get()?._id === id) $editing.set(null);
      },
      API.revisionRestored,
      WORKFLOW.restoreFailed,
    );
  }

  function clearNotice(): void {
    notify(null);
  }

  function startEdit(item: ContentItem): void {
    $conflict.set(null);
    $editing.set(item);
  }

  /** Back to add mode, with a fresh list (spec section 4). */
  function cancelEdit(): void {
    $conflict.set(null);
    $editing.set(null);
    void load();
  }

  return {
    $list,
    $notice,
    $busy,
    $progress,
    $editing,
    $undo,
    $announcement,
    $conflict,
    load,
    save,
    remove,
    undoDelete,
    move,
    setPublished,
    revoke,
    revisions,
    restoreRevision,
    startEdit,
    cancelEdit,
    takeTheirs,
    clearNotice,
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
