/**
 * Site settings: `GET /api/v1/settings` (public), `PUT` (admin), `GET …/revisions` and
 * `POST …/revisions/{rev}/restore` (admin). The settings are the one item of their collection, under a fixed id,
 * so the repository's item history (docs/decisions.md 14) is their history too. Nothing stored yet means the
 * seed (today's values): the first save first stores the seed, so the history starts from what the site showed.
 */
import { API } from '../../lib/api-messages.ts';
import { settingsFamily, settingsRevisionsPath } from '../../lib/collections.ts';
import {
  isPaymentSetting,
  settingChanges,
  settingLabel,
  type SettingChange,
} from '../../lib/setting-changes.ts';
import { resolveSettings, SITE_SETTINGS_SEED, type SiteSettings } from '../../lib/site-settings.ts';
import { SETTINGS } from '../../lib/staff-messages.ts';
import type { Actor } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import { publishChange } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { alertOwners } from '../fees/payment-settings-alert.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import { failure, HttpError, notFound, ok } from '../http/respond.ts';
import {
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type StaffInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import {
  editorName,
  editorOf,
  etagOf,
  expectedVersion,
  staleWrite,
  updateAsEditor,
  type Editor,
} from '../http/versions.ts';
import { SINGLETON_ID } from '../repository/keys.ts';
import { versionOf } from '../repository/port.ts';

const family = settingsFamily;
/** `?drafts=1`, as on the content families: a staff read, never cached, with the version. */
const STAFF_READ_PARAM = 'drafts';

export const settingsRoutes: readonly ApiRoute[] = [
  staffRoute('GET', family.path, STAFF, READ, staffRead, {
    family: family.key,
    query: { [STAFF_READ_PARAM]: '1' },
  }),
  publicRoute('GET', family.path, PUBLIC, READ, async ({ deps }) => ok(await currentSettings(deps)), {
    family: family.key,
    cache: publicCache(family.cacheTag),
  }),
  staffRoute('PUT', family.path, STAFF, ['update'], update, { family: family.key }),
  staffRoute('GET', settingsRevisionsPath, STAFF, READ, listRevisions, { family: family.key }),
  staffRoute('POST', `${settingsRevisionsPath}/:rev/restore`, STAFF, ['restore'], restoreRevision, {
    family: family.key,
  }),
];

/** The settings the site shows now: the stored ones over the seed. */
export async function currentSettings(deps: Pick<Deps, 'repository'>): Promise<SiteSettings> {
  return resolveSettings(await deps.repository.get(family.key, SINGLETON_ID));
}

/**
 * The settings for staff, with their version beside them and as the ETag: the values stay exactly the settings,
 * as the build and the public read them.
 */
async function staffRead({ deps }: StaffInput) {
  const stored = await deps.repository.get(family.key, SINGLETON_ID);
  return versioned(resolveSettings(stored), stored ? versionOf(stored) : 0);
}

const versioned = (settings: SiteSettings, version: number, message?: string) =>
  ok(settings, { message, extra: { version }, headers: { ETag: etagOf(version) } });

async function update(input: StaffInput) {
  const { request, deps, actor } = input;
  const requested = expectedVersion(request);
  const settings = validate(family.inputSchema, await readJson(request));
  const { before, expected } = await currentForChange(deps, requested);
  refuseUnlessAllowed(actor, settingChanges(before, settings));
  const saved = await write(deps, settings, editorOf(actor), expected);
  await recordChanges(input, 'update', settingChanges(before, saved.settings));
  return versioned(saved.settings, saved.version, SETTINGS.updated);
}

/**
 * The settings a change is made over, and the version the write must find: the staff member's (If-Match), else
 * the one read here, so what is checked and audited below is exactly what the save replaces (a colleague's save
 * in between is a 412, never overwritten unseen).
 */
async function currentForChange(deps: Deps, requested: number | undefined) {
  const stored = await deps.repository.get(family.key, SINGLETON_ID);
  if (!stored) return { before: SITE_SETTINGS_SEED, expected: requested };
  if (requested !== undefined && requested !== versionOf(stored)) throw new HttpError(staleWrite(stored));
  return { before: resolveSettings(stored), expected: versionOf(stored) };
}

/** Where students pay is the owners' to change: an editor's save may carry the payment settings only unchanged. */
function refuseUnlessAllowed(actor: Actor, changes: readonly SettingChange[]) {
  if (actor.role === 'owner') return;
  const payment = changes.filter((change) => isPaymentSetting(change.field));
  if (payment.length === 0) return;
  throw new HttpError(
    failure(
      403,
      API.paymentSettingsOwnersOnly(payment.map((change) => settingLabel(change.field))),
      Object.fromEntries(payment.map((change) => [change.field, API.paymentSettingOwnersOnly])),
    ),
  );
}

/** The audit entry names every setting changed with its value before and after; a payment change alerts owners. */
async function recordChanges(input: StaffInput, action: 'update' | 'restore', changes: SettingChange[]) {
  const { actor } = input;
  await auditAction(input, actor, {
    action,
    family: family.key,
    detail: { ...(action === 'restore' ? { source: 'history' as const } : {}), settings: changes },
  });
  const payment = changes.filter((change) => isPaymentSetting(change.field));
  if (payment.length > 0) input.waitUntil(alertOwners(input.deps, payment, actor, input.ip));
}

/**
 * Stores the settings (a new version in their history), then purges and rebuilds like any content write.
 * `expected`: the version the staff member saw (If-Match); the seed, never stored, is version 0.
 */
async function write(deps: Deps, settings: SiteSettings, editor: Editor, expected?: number) {
  const repository = deps.repository;
  const save = () => updateAsEditor(repository, family.key, SINGLETON_ID, settings, editor, expected);
  let result = await save();
  if (!result) {
    // The first save stores the seed first (only if no one else just did), so the history starts from it.
    const now = deps.now().toISOString();
    await repository.put(
      family.key,
      { _id: SINGLETON_ID, createdAt: now, updatedAt: now, ...SITE_SETTINGS_SEED },
      { onlyIfNew: true },
    );
    result = await save();
  }
  if (!result) throw new Error('The site settings vanished while being saved');
  await publishChange(deps, family.cacheTag);
  return { settings: resolveSettings(result.item), version: versionOf(result.item) };
}

async function listRevisions({ deps }: StaffInput) {
  const revisions = await deps.repository.revisions(family.key, SINGLETON_ID);
  return ok(
    revisions.map((revision) => ({
      rev: revision.rev,
      savedAt: revision.savedAt,
      savedBy: editorName(revision.data),
      data: resolveSettings(revision.data),
    })),
  );
}

/** Makes an earlier version current again: itself a save, so it becomes the newest version. */
async function restoreRevision(input: StaffInput) {
  const { deps, actor } = input;
  const rev = input.params.rev ?? '';
  const revision = (await deps.repository.revisions(family.key, SINGLETON_ID)).find(
    (candidate) => candidate.rev === rev,
  );
  if (!revision) return notFound();
  const restored = resolveSettings(revision.data);
  const { before, expected } = await currentForChange(deps, undefined);
  // An earlier version may name another payee: restoring it is a change of the payment settings like any other.
  refuseUnlessAllowed(actor, settingChanges(before, restored));
  const saved = await write(deps, restored, editorOf(actor), expected);
  await recordChanges(input, 'restore', settingChanges(before, saved.settings));
  return versioned(saved.settings, saved.version, SETTINGS.restored);
}
