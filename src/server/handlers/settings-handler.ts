/**
 * Site settings (issue 12.7): `GET /api/v1/settings` (public), `PUT` (admin), `GET …/revisions` and
 * `POST …/revisions/{rev}/restore` (admin). The settings are the one item of their collection, under a fixed id,
 * so the repository's item history (docs/decisions.md 14) is their history too. Nothing stored yet means the
 * seed (today's values): the first save first stores the seed, so the history starts from what the site showed.
 */
import { settingsFamily } from '../../lib/collections.ts';
import { API } from '../../lib/api-messages.ts';
import { resolveSettings, SITE_SETTINGS_SEED, type SiteSettings } from '../../lib/site-settings.ts';
import { SETTINGS } from '../../lib/staff-messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import { publishChange } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import {
  editorName,
  editorOf,
  etagOf,
  expectedVersion,
  updateAsEditor,
  type Editor,
} from '../http/versions.ts';
import { SINGLETON_ID } from '../repository/keys.ts';
import { versionOf } from '../repository/port.ts';

const family = settingsFamily;
const REVISIONS_SEGMENT = 'revisions';
/** `?drafts=1`, as on the content families: a staff read, never cached, with the version (issue 21). */
const STAFF_READ_PARAM = 'drafts';
/** `revisions/{rev}/restore` under the settings path. */
const RESTORE_ROUTE = /^revisions\/([A-Za-z0-9_-]{1,128})\/restore$/i;

export const settingsHandler: RouteHandler = async (input) => {
  const { request, deps } = input;
  const route = matchRoute(request, family.path);
  if (route?.kind === 'collection') {
    return dispatch(request, { GET: () => read(deps, request), PUT: () => update(input) });
  }
  if (route?.kind === 'item' && route.id.toLowerCase() === REVISIONS_SEGMENT) {
    return dispatch(request, { GET: () => listRevisions(deps, request) });
  }
  const restore = route?.kind === 'other' ? RESTORE_ROUTE.exec(route.rest) : null;
  if (restore) return dispatch(request, { POST: () => restoreRevision(input, restore[1] ?? '') });
  return notFound(API.notFoundRoute);
};

/** The settings the site shows now: the stored ones over the seed. */
export async function currentSettings(deps: Pick<Deps, 'repository'>): Promise<SiteSettings> {
  return resolveSettings(await deps.repository.get(family.key, SINGLETON_ID));
}

/**
 * The settings and, for staff (`?drafts=1`), their version beside them and as the ETag: the values stay exactly
 * the settings, as the build and the public read them.
 */
async function read(deps: Deps, request: Request) {
  if (new URL(request.url).searchParams.get(STAFF_READ_PARAM) !== '1')
    return ok(await currentSettings(deps), { cache: publicCache(family.cacheTag) });
  await requireAdmin(request, deps, 'read');
  const stored = await deps.repository.get(family.key, SINGLETON_ID);
  return versioned(resolveSettings(stored), stored ? versionOf(stored) : 0);
}

const versioned = (settings: SiteSettings, version: number, message?: string) =>
  ok(settings, { message, extra: { version }, headers: { ETag: etagOf(version) } });

async function update(input: HandlerInput) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
  const expected = expectedVersion(request);
  const settings = validate(family.inputSchema, await readJson(request));
  const saved = await write(deps, settings, editorOf(actor), expected);
  await auditAction(input, actor, { action: 'update', family: family.key });
  return versioned(saved.settings, saved.version, SETTINGS.updated);
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

async function listRevisions(deps: Deps, request: Request) {
  await requireAdmin(request, deps, 'read');
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
async function restoreRevision(input: HandlerInput, rev: string) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
  const revision = (await deps.repository.revisions(family.key, SINGLETON_ID)).find(
    (candidate) => candidate.rev === rev,
  );
  if (!revision) return notFound();
  const saved = await write(deps, resolveSettings(revision.data), editorOf(actor));
  await auditAction(input, actor, { action: 'restore', family: family.key, detail: { source: 'history' } });
  return versioned(saved.settings, saved.version, SETTINGS.restored);
}
