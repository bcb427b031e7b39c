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
import { SINGLETON_ID } from '../repository/keys.ts';

const family = settingsFamily;
const REVISIONS_SEGMENT = 'revisions';
/** `revisions/{rev}/restore` under the settings path. */
const RESTORE_ROUTE = /^revisions\/([A-Za-z0-9_-]{1,128})\/restore$/i;

export const settingsHandler: RouteHandler = async (input) => {
  const { request, deps } = input;
  const route = matchRoute(request, family.path);
  if (route?.kind === 'collection') {
    return dispatch(request, { GET: () => read(deps), PUT: () => update(input) });
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

async function read(deps: Deps) {
  return ok(await currentSettings(deps), { cache: publicCache(family.cacheTag) });
}

async function update(input: HandlerInput) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
  const settings = validate(family.inputSchema, await readJson(request));
  const saved = await write(deps, settings);
  await auditAction(input, actor, { action: 'update', family: family.key });
  return ok(saved, { message: SETTINGS.updated });
}

/** Stores the settings (a new version in their history), then purges and rebuilds like any content write. */
async function write(deps: Deps, settings: SiteSettings): Promise<SiteSettings> {
  const repository = deps.repository;
  let result = await repository.update(family.key, SINGLETON_ID, settings);
  if (!result) {
    // Two first saves at once both store the seed, then both update: last write wins, as for any item.
    const now = deps.now().toISOString();
    await repository.put(family.key, {
      _id: SINGLETON_ID,
      createdAt: now,
      updatedAt: now,
      ...SITE_SETTINGS_SEED,
    });
    result = await repository.update(family.key, SINGLETON_ID, settings);
  }
  if (!result) throw new Error('The site settings vanished while being saved');
  await publishChange(deps, family.cacheTag);
  return resolveSettings(result.item);
}

async function listRevisions(deps: Deps, request: Request) {
  await requireAdmin(request, deps, 'read');
  const revisions = await deps.repository.revisions(family.key, SINGLETON_ID);
  return ok(
    revisions.map((revision) => ({
      rev: revision.rev,
      savedAt: revision.savedAt,
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
  const saved = await write(deps, resolveSettings(revision.data));
  await auditAction(input, actor, { action: 'restore', family: family.key, detail: { source: 'history' } });
  return ok(saved, { message: SETTINGS.restored });
}
