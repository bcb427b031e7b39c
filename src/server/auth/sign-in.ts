/**
 * What every way of signing in shares: the failure counters a password or passkey attempt counts
 * against, and the session a successful one opens. The password login (auth-handler.ts) and the passkey login
 * (passkey-handler.ts) both end here, so neither handler imports the other.
 */
import { LOGIN_RATE_LIMIT, LOGIN_REPEAT_LOCKOUTS } from '../../lib/constants.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { rateLimitAddress } from '../http/client-ip.ts';
import type { RouteLimit } from '../http/route-table.ts';
import { ok } from '../http/respond.ts';
import type { Account } from './accounts.ts';
import { cookieIsSecure, sessionCookie } from './session.ts';
import { openSession } from './sessions.ts';

/** Buckets of the failure counters: per client address, and per user ID from that address (one per lockout). */
const FAILURES_BY_IP = 'login';
const failuresByUserBucket = (tier: number) => `login-user-ip-${tier}`;

/**
 * The failure counters, declared on the sign-in routes (route-table.ts `limits`). Every attempt counts when it
 * starts, so concurrent guesses cannot slip past the limit; a success then clears the counters
 * (`clearFailures`), so what stays counted is failures only. Per address, counted by the router before
 * the body is read, so junk bodies cannot probe for free; per user ID from that address, counted by the password
 * sign-in once it has read the user ID. Nothing is counted per user ID alone: a lock on an account from anywhere
 * would be a lock anyone could put on a colleague.
 */
export const LOGIN_BY_ADDRESS: RouteLimit = {
  name: 'address',
  per: 'address',
  counters: (env) => [
    {
      bucket: FAILURES_BY_IP,
      rule: { limit: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: LOGIN_RATE_LIMIT.windowSeconds },
    },
  ],
  message: () => AUTH.tooManyAttempts,
};

/** The name the password sign-in counts its user ID at the address by. */
export const USER_AT_ADDRESS = 'user-at-address';

export const LOGIN_BY_USER_AT_ADDRESS: RouteLimit = {
  name: USER_AT_ADDRESS,
  per: 'key',
  counters: (env) =>
    LOGIN_REPEAT_LOCKOUTS.map(({ factor, windowSeconds }, tier) => ({
      bucket: failuresByUserBucket(tier),
      rule: { limit: Math.ceil(env.LOGIN_RATE_LIMIT_MAX * factor), windowSeconds },
    })),
  message: () => AUTH.tooManyAttempts,
};

/** A space is in no user ID and no address, so the pair cannot be confused with another. */
export const userAtIp = (userId: string, ip: string) => `${userId} ${rateLimitAddress(ip)}`;

export const clearFailures = async (deps: Deps, ip: string, userId: string) => {
  await Promise.all([
    deps.coordination.clearHits(FAILURES_BY_IP, rateLimitAddress(ip)),
    ...LOGIN_REPEAT_LOCKOUTS.map((_, tier) =>
      deps.coordination.clearHits(failuresByUserBucket(tier), userAtIp(userId, ip)),
    ),
  ]);
};

/** Records the session and the sign-in, and answers with the cookie. */
export async function signedIn(
  request: Request,
  deps: Deps,
  ip: string,
  account: Account,
  method: 'password' | 'passkey',
): Promise<Response> {
  const token = await openSession(deps, account, { ip, userAgent: request.headers.get('user-agent') });
  await recordAudit(deps, {
    actor: account.userId,
    actorName: account.name,
    action: 'sign-in',
    target: { family: 'auth', id: account._id, title: method },
    ip,
  });
  return ok(
    { authenticated: true },
    { headers: { 'Set-Cookie': sessionCookie(token, cookieIsSecure(request, deps.env.deployed)) } },
  );
}
