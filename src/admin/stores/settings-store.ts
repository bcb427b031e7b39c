/**
 * Site settings (issue 12.7): load the current settings and their history, save, restore an earlier version.
 * A refused save keeps the form as typed and puts the server's reasons beside the fields.
 */
import { atom } from 'nanostores';
import { ApiError } from '../../lib/api-client.ts';
import { settingsFamily, settingsRevisionRestorePath, settingsRevisionsPath } from '../../lib/collections.ts';
import { resolveSettings, type SiteSettings } from '../../lib/site-settings.ts';
import { SETTINGS } from '../../lib/staff-messages.ts';
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
  | { status: 'ready'; settings: SiteSettings; history: SettingsVersion[] };

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

const reason = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

export function createSettingsStore() {
  const $state = atom<SettingsState>({ status: 'loading' });
  const $saving = atom(false);
  /** The server's reasons by field, after a refused save. */
  const $errors = atom<Record<string, string>>({});
  const notice = createTimedNotice();

  async function history(): Promise<SettingsVersion[]> {
    return versionsOf(dataOf(await adminRequest(settingsRevisionsPath)));
  }

  async function load(): Promise<void> {
    $state.set({ status: 'loading' });
    try {
      const [settings, versions] = await Promise.all([
        adminRequest(settingsFamily.path).then((body) => resolveSettings(dataOf(body))),
        history(),
      ]);
      $state.set({ status: 'ready', settings, history: versions });
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
      $state.set({ status: 'ready', settings, history: await history().catch(() => []) });
      notice.show(
        { kind: 'success', text: typeof message === 'string' ? message : SETTINGS.updated },
        NOTICE_CLEAR_MS,
      );
      return true;
    } catch (error) {
      // Reasons shown beside their fields are not repeated in a notice (docs/decisions.md 22).
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0)
        $errors.set(error.errors);
      else notice.show({ kind: 'error', text: reason(error, fallback) }, NOTICE_CLEAR_MS);
      return false;
    } finally {
      $saving.set(false);
    }
  }

  /** `settings` were checked with the shared schema by the form. */
  const save = (settings: SiteSettings) =>
    send(() => adminRequest(settingsFamily.path, { method: 'PUT', json: settings }), SETTINGS.updateFailed);

  const restore = (rev: string) =>
    send(() => adminRequest(settingsRevisionRestorePath(rev), { method: 'POST' }), SETTINGS.restoreFailed);

  return {
    $state,
    $saving,
    $errors,
    $notice: notice.$notice,
    load,
    save,
    restore,
    clearNotice: notice.clear,
    setErrors: (errors: Record<string, string>) => $errors.set(errors),
  };
}
