/** Stats: one document; public read (0 until an admin sets it), admin update. */
import { statsFamily } from '../../lib/collections.ts';
import { API } from '../../lib/api-messages.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { StatsSchema, type Stats } from '../../lib/schemas.ts';
import { requireAdmin } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';

const family = statsFamily;

export const statsHandler: RouteHandler = async (input) => {
  if (matchRoute(input.request, family.path)?.kind !== 'collection') return notFound(API.notFoundRoute);
  return dispatch(input.request, { GET: () => read(input), PUT: () => update(input) });
};

async function read({ deps }: HandlerInput) {
  const stored = StatsSchema.safeParse(await deps.repository.getDocument<Stats>('stats'));
  const stats: Stats = stored.success ? stored.data : { totalCourses: 0 };
  return ok({ totalCourses: stats.totalCourses }, { cache: publicCache(family.cacheTag) });
}

async function update(input: HandlerInput) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
  const stats: Stats = validate(family.inputSchema, await readJson(request));
  const before = StatsSchema.safeParse(await deps.repository.getDocument<Stats>('stats'));
  await deps.repository.setDocument<Stats>('stats', stats);
  await publishChange(deps, family.cacheTag);
  await auditAction(input, actor, {
    action: 'update',
    family: family.key,
    detail: { from: String(before.success ? before.data.totalCourses : 0), to: String(stats.totalCourses) },
  });
  return ok(stats, { message: ADMIN.stats.updated });
}
