/**
 * What every way of signing in shares (issue 13): the failure counters a password or passkey attempt counts
 * against, and the session a successful one opens. The password login (auth-handler.ts) and the passkey login
 * (passkey-handler.ts) both end here, so neither handler imports the other.
 */
import { LOGIN_RATE_LIMIT, LOGIN_REPEAT_LOCKOUTS } from '../../lib/constants.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { rateLimitAddress } from '../http/client-ip.ts';
import { enforceRateLimits, type RateLimitCheck } from '../http/rate-limit.ts';
import { ok } from '../http/respond.ts';
import type { Account } from './accounts.ts';
import { cookieIsSecure, sessionCookie } from './session.ts';
import { openSession } from './sessions.ts';

/** Buckets of the failure counters: per client address, and per user ID from that address (one per lockout). */
const FAILURES_BY_IP = 'login';
const failuresByUserBucket = (tier: number) => `login-user-ip-${tier}`;

const failuresByIp = (deps: Deps, ip: string): RateLimitCheck => ({
  bucket: FAILURES_BY_IP,
  identifier: rateLimitAddress(ip),
  rule: { limit: deps.env.LOGIN_RATE_LIMIT_MAX, windowSeconds: LOGIN_RATE_LIMIT.windowSeconds },
});

/** A space is in no user ID and no address, so the pair cannot be confused with another. */
const userAtIp = (userId: string, ip: string) => `${userId} ${rateLimitAddress(ip)}`;

const failuresByUserFromIp = (deps: Deps, ip: string, userId: string): RateLimitCheck[] =>
  LOGIN_REPEAT_LOCKOUTS.map(({ factor, windowSeconds }, tier) => ({
    bucket: failuresByUserBucket(tier),
    identifier: userAtIp(userId, ip),
    rule: { limit: Math.ceil(deps.env.LOGIN_RATE_LIMIT_MAX * factor), windowSeconds },
  }));

/**
 * Counts an attempt against its counters and refuses (429, Retry-After) once one is used up. Every attempt counts
 * when it starts, so concurrent guesses cannot slip past the limit; a success then clears the counters
 * (`clearFailures`), so what stays counted is failures only (issue 13). Nothing is counted per user ID alone: a
 * lock on an account from anywhere would be a lock anyone could put on a colleague (issue 21).
 */
export const enforceLoginLimit = (deps: Deps, ip: string, userId?: string) =>
  enforceRateLimits(
    deps.coordination,
    userId === undefined ? [failuresByIp(deps, ip)] : failuresByUserFromIp(deps, ip, userId),
    () => AUTH.tooManyAttempts,
  );

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
