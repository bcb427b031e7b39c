/** Stats: one document; public read (0 until an admin sets it), admin update. */
import { statsFamily } from '../../lib/collections.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { StatsSchema, type Stats } from '../../lib/stats.ts';
import { auditAction } from '../audit/audit-log.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import { ok } from '../http/respond.ts';
import {
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteInput,
  type StaffInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';

const family = statsFamily;

export const statsRoutes: readonly ApiRoute[] = [
  publicRoute('GET', family.path, PUBLIC, READ, read, {
    family: family.key,
    cache: publicCache(family.cacheTag),
  }),
  staffRoute('PUT', family.path, STAFF, ['update'], update, { family: family.key }),
];

async function read({ deps }: RouteInput) {
  const stored = StatsSchema.safeParse(await deps.repository.getDocument<Stats>('stats'));
  const stats: Stats = stored.success ? stored.data : { totalCourses: 0 };
  return ok({ totalCourses: stats.totalCourses });
}

async function update(input: StaffInput) {
  const { request, deps, actor } = input;
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
