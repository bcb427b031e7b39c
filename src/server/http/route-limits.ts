/**
 * Applies a route's declared rate limits (route-table.ts `limits`): the router counts the ones keyed by the
 * caller's address or account before the handler runs, and hands the handler `count` for the ones keyed by what
 * only the body names. Same counters, buckets, 429 answers and messages as each limit declares.
 */
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { rateLimitAddress } from './client-ip.ts';
import { enforceLimits } from './rate-limit.ts';
import type { ApiRoute, RouteInput, RouteLimit } from './route-table.ts';

const checksOf = (limit: RouteLimit, deps: Deps, identifier: string) =>
  limit.counters(deps.env).map((counter) => ({ ...counter, identifier, message: limit.message }));

/**
 * Counts the route's `address` and `account` limits (429 once one is used up) and returns the `count` its
 * handler uses for its `key` limits.
 */
export async function applyRouteLimits(
  route: ApiRoute,
  deps: Deps,
  ip: string,
  actor: Actor | null,
): Promise<RouteInput['count']> {
  const limits = route.limits ?? [];
  const upFront = limits.flatMap((limit) => {
    if (limit.per === 'key') return [];
    if (limit.per === 'address') return checksOf(limit, deps, rateLimitAddress(ip));
    if (!actor) throw new Error(`${route.method} ${route.path} limits per account without a staff guard`);
    return checksOf(limit, deps, actor.accountId);
  });
  if (upFront.length > 0) await enforceLimits(deps.coordination, upFront);
  return async (keys) => {
    const checks = Object.entries(keys).flatMap(([name, key]) => {
      const limit = limits.find((candidate) => candidate.per === 'key' && candidate.name === name);
      if (!limit) throw new Error(`${route.method} ${route.path} declares no limit "${name}"`);
      return key ? checksOf(limit, deps, key) : [];
    });
    if (checks.length > 0) await enforceLimits(deps.coordination, checks);
  };
}
