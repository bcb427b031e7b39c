/**
 * Site settings: load the current settings and their history, save, restore an earlier version.
 * A refused save keeps the form as typed and puts the server's reasons beside the fields.
 */
import { liveLine, liveOf } from '../format/publishing.ts';
import { atom } from 'nanostores';
import { ApiError } from '../../lib/api-client.ts';
import { settingsFamily, settingsRevisionRestorePath, settingsRevisionsPath } from '../../lib/collections.ts';
import { resolveSettings, type SiteSettings } from '../../lib/site-settings.ts';
import { EDITING, SETTINGS } from '../../lib/staff-messages.ts';
import { adminRequest } from '../api/admin-api.ts';
import { createTimedNotice } from './timed-notice.ts';

/** Long enough to read after a long form's save; it is also announced by the live region. */
const NOTICE_CLEAR_MS = 10_000;

export interface SettingsVersion {
  rev: string;
  savedAt: string;
}

export type SettingsState =
  | { status: 'loading' }
  | { status: 'error' }
  /** `version`: the stored settings' version (0 for the seed), sent back as If-Match. */
  | { status: 'ready'; settings: SiteSettings; version: number; history: SettingsVersion[] };

/** A save refused because someone saved the settings after this form was filled (412). */
export interface SettingsConflict {
  theirs: SiteSettings;
  version: number;
  message: string;
}

const dataOf = (body: unknown): unknown => {
  const record = body as { success?: unknown; data?: unknown } | null;
  if (record?.success !== true || record.data === undefined) throw new ApiError({ kind: 'format' });
  return record.data;
};

const versionsOf = (data: unknown): SettingsVersion[] =>
  Array.isArray(data)
    ? data
        .filter(
          (entry): entry is SettingsVersion =>
            typeof entry?.rev === 'string' && typeof entry?.savedAt === 'string',
        )
        .map(({ rev, savedAt }) => ({ rev, savedAt }))
    : [];

const versionIn = (body: unknown): number => {
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : 0;
};

/** The staff read: never a cached copy, and with the version. */
const STAFF_READ = { query: { drafts: 1 } };

const reason = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

export function createSettingsStore() {
  const $state = atom<SettingsState>({ status: 'loading' });
  const $saving = atom(false);
  /** The server's reasons by field, after a refused save. */
  const $errors = atom<Record<string, string>>({});
  const $conflict = atom<SettingsConflict | null>(null);
  const notice = createTimedNotice();

  async function history(): Promise<SettingsVersion[]> {
    return versionsOf(dataOf(await adminRequest(settingsRevisionsPath)));
  }

  async function load(): Promise<void> {
    $state.set({ status: 'loading' });
    try {
      const [body, versions] = await Promise.all([adminRequest(settingsFamily.path, STAFF_READ), history()]);
      $state.set({
        status: 'ready',
        settings: resolveSettings(dataOf(body)),
        version: versionIn(body),
        history: versions,
      });
    } catch (error) {
      $state.set({ status: 'error' });
      notice.show({ kind: 'error', text: reason(error, SETTINGS.fetchFailed) }, null);
    }
  }

  /** Saves (PUT) or restores (POST to a version); on success the form shows what the server stored. */
  async function send(request: () => Promise<unknown>, fallback: string): Promise<boolean> {
    $saving.set(true);
    notice.clear();
    try {
      const body = await request();
      const settings = resolveSettings(dataOf(body));
      const message = (body as { message?: unknown }).message;
      $errors.set({});
      $conflict.set(null);
      $state.set({
        status: 'ready',
        settings,
        version: versionIn(body),
        history: await history().catch(() => []),
      });
      // When the pages show it, as the server's deploy governor answers.
      const live = liveOf(body);
      notice.show(
        {
          kind: 'success',
          text: typeof message === 'string' ? message : SETTINGS.updated,
          ...(live ? { detail: liveLine(live) } : {}),
        },
        NOTICE_CLEAR_MS,
      );
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        await showConflict(reason(error, fallback));
        return false;
      }
      // Reasons shown beside their fields are not repeated in a notice (docs/decisions.md 22).
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0)
        $errors.set(error.errors);
      else notice.show({ kind: 'error', text: reason(error, fallback) }, NOTICE_CLEAR_MS);
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /** The settings as saved by whoever won, so the form can show how they differ from what was typed. */
  async function showConflict(message: string): Promise<void> {
    try {
      const body = await adminRequest(settingsFamily.path, STAFF_READ);
      $conflict.set({ theirs: resolveSettings(dataOf(body)), version: versionIn(body), message });
    } catch (error) {
      notice.show(
        { kind: 'error', text: `${message} ${reason(error, EDITING.conflictLoadFailed)}` },
        NOTICE_CLEAR_MS,
      );
    }
  }

  /** Drops the typed changes for the stored settings, which the form then shows. */
  function takeTheirs(): void {
    const conflict = $conflict.get();
    const state = $state.get();
    if (!conflict || state.status !== 'ready') return;
    $conflict.set(null);
    $errors.set({});
    $state.set({ ...state, settings: conflict.theirs, version: conflict.version });
  }

  /**
   * `settings` were checked with the shared schema by the form; `version` is the one the form was filled from
   * (undefined sends no If-Match).
   */
  const save = (settings: SiteSettings, version?: number) =>
    send(
      () =>
        adminRequest(settingsFamily.path, {
          method: 'PUT',
          json: settings,
          headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
        }),
      SETTINGS.updateFailed,
    );

  const restore = (rev: string) =>
    send(() => adminRequest(settingsRevisionRestorePath(rev), { method: 'POST' }), SETTINGS.restoreFailed);

  return {
    $state,
    $saving,
    $errors,
    $conflict,
    $notice: notice.$notice,
    takeTheirs,
    load,
    save,
    restore,
    clearNotice: notice.clear,
    setErrors: (errors: Record<string, string>) => $errors.set(errors),
  };
}
