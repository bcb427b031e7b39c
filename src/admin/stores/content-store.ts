/**
 * State of one content screen (home content, home services, home courses, service content, careers): the
 * list lifecycle (loading → error, empty or loaded), the running request, upload progress and the notice.
 * One factory for every content family, configured from the registry; screens read the atoms and call the actions.
 */
import { atom, type WritableAtom } from 'nanostores';
import { ApiError, extractList } from '../../lib/api-client.ts';
import type { ContentItem } from '../../lib/collections.ts';
import type { ContentScreenConfig } from '../content-screens.ts';
import { adminRequest, uploadForm } from '../api/admin-api.ts';
import { downscaleImage } from '../image/downscale.ts';

export type { ContentItem };

export interface ListState<T> {
  status: 'loading' | 'error' | 'ready';
  items: T[];
  error: string | null;
}

export type Notice = { kind: 'success' | 'error'; text: string } | null;
export type Busy = { action: 'saving' } | { action: 'deleting'; id: string } | null;

export interface SaveInput {
  /** null adds, an id updates. */
  id: string | null;
  /** Fields already validated with the family's shared schema. */
  fields: Record<string, unknown>;
  file: File | null;
}

export type SaveResult =
  | { ok: true }
  /** `sessionExpired`: the server no longer knows the session (the admin is being sent to sign in). */
  | { ok: false; fieldErrors: Record<string, string>; sessionExpired?: boolean };

const isItem = (value: unknown): value is ContentItem =>
  typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string';

export const itemPath = (basePath: string, id: string) => `${basePath}/${encodeURIComponent(id)}`;

/**
 * The message for a failed save or delete: the server's own reason when it sent one ("The file is too large
 * (max 5 MB)"), else the screen's spec text (issue 10.10).
 */
export const failureText = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.serverMessage) || fallback;

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
  let latestLoad = 0;

  const fieldNames = new Set(family.fields.map((field) => field.name));

  /** Loads the list. A reload after a change keeps the current items on screen until the new ones arrive. */
  async function load(): Promise<void> {
    const ticket = ++latestLoad;
    const current = $list.get();
    if (current.status !== 'ready') $list.set({ status: 'loading', items: [], error: null });
    try {
      const items = extractList(await adminRequest(family.path)).filter(isItem);
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
    $notice.set(null);
    let file: File | null;
    try {
      file = await prepareFile(input.file);
    } catch {
      $busy.set(null);
      $notice.set({ kind: 'error', text: config.imageFailed });
      return { ok: false, fieldErrors: {} };
    }
    const path = input.id ? itemPath(family.path, input.id) : family.path;
    const method = input.id ? 'PUT' : 'POST';
    try {
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
        await uploadForm(path, method, form, (percent) => {
          if (file) $progress.set(percent);
        });
      } else {
        await adminRequest(path, { method, json: input.fields });
      }
      $notice.set({ kind: 'success', text: input.id ? family.messages.updated : family.messages.added });
      $editing.set(null);
      void load();
      return { ok: true };
    } catch (error) {
      const fallback = input.id ? family.messages.updateFailed : family.messages.addFailed;
      const fieldErrors = error instanceof ApiError && error.errors ? error.errors : {};
      const names = Object.keys(fieldErrors);
      // Reasons the form shows beside its fields need no second, vaguer message (issue 10.10).
      const besideFields = names.length > 0 && names.every((name) => fieldNames.has(name));
      $notice.set(besideFields ? null : { kind: 'error', text: failureText(error, fallback) });
      return isSessionGone(error)
        ? { ok: false, fieldErrors, sessionExpired: true }
        : { ok: false, fieldErrors };
    } finally {
      $busy.set(null);
      $progress.set(null);
    }
  }

  /** Removes the card at once (issue 10.9) and puts it back where it was if the server refuses. */
  async function remove(id: string): Promise<boolean> {
    $busy.set({ action: 'deleting', id });
    $notice.set(null);
    const restore = withoutItem($list, id);
    try {
      await adminRequest(itemPath(family.path, id), { method: 'DELETE' });
      $notice.set({ kind: 'success', text: family.messages.deleted });
      void load();
      return true;
    } catch (error) {
      // Not found: someone else deleted it already, so it stays off the list.
      if (!(error instanceof ApiError && error.status === 404)) restore();
      $notice.set({ kind: 'error', text: failureText(error, family.messages.deleteFailed) });
      return false;
    } finally {
      $busy.set(null);
    }
  }

  function clearNotice(): void {
    $notice.set(null);
  }

  function startEdit(item: ContentItem): void {
    $editing.set(item);
  }

  /** Back to add mode, with a fresh list (spec section 4). */
  function cancelEdit(): void {
    $editing.set(null);
    void load();
  }

  return {
    $list,
    $notice,
    $busy,
    $progress,
    $editing,
    load,
    save,
    remove,
    startEdit,
    cancelEdit,
    clearNotice,
  };
}

export type ContentStore = ReturnType<typeof createContentStore>;
