/**
 * Admin sign-in (issue 13): login checks a user ID and password against the named accounts (the bootstrap owner's
 * password is ADMIN_PASSWORD_HASH), rate-limited by failures per client and per user ID from that client; it
 * records a server-side session and sets the signed cookie naming it. Logout ends that session; session reports
 * who is signed in. The signed-in person's own account (password, passkeys, other sessions) is account-handler.ts.
 */
import { randomBytes } from 'node:crypto';
import { AUTH_PATHS } from '../../lib/collections.ts';
import { LOGIN_RATE_LIMIT, LOGIN_REPEAT_LOCKOUTS } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { ACCOUNT_PATHS, BOOTSTRAP_USER_ID, USER_ID_PATTERN, type SessionView } from '../../lib/identity.ts';
import { LoginInputSchema } from '../../lib/identity-schemas.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { listAccounts, normaliseUserId, passwordHashOf, type Account } from '../auth/accounts.ts';
import { refuseCrossOrigin, requireSameOrigin, sessionOf, sessionStateOf } from '../auth/guard.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearedSessionCookie, cookieIsSecure, sessionCookie } from '../auth/session.ts';
import { DISABLED, endSession, openSession } from '../auth/sessions.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import { rateLimitAddress } from '../http/client-ip.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { enforceRateLimits, type RateLimitCheck } from '../http/rate-limit.ts';
import { failure, notFound, ok, serviceUnavailable } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import { accountHandler, isAccountPath } from './account-handler.ts';
import { passkeyLogin, passkeyLoginOptions } from './passkey-handler.ts';

export const authHandler: RouteHandler = async (input) => {
  const { request } = input;
  const is = (path: string) => matchRoute(request, path)?.kind === 'collection';
  if (is(AUTH_PATHS.login)) return dispatch(request, { POST: () => login(input) });
  if (is(AUTH_PATHS.logout)) return dispatch(request, { POST: () => logout(input) });
  if (is(AUTH_PATHS.session)) return dispatch(request, { GET: () => session(input) });
  if (is(ACCOUNT_PATHS.loginOptions)) return dispatch(request, { GET: () => loginOptions(input) });
  if (is(ACCOUNT_PATHS.passkeyLoginOptions))
    return dispatch(request, { POST: () => passkeyLoginOptions(input) });
  if (is(ACCOUNT_PATHS.passkeyLogin)) return dispatch(request, { POST: () => passkeyLogin(input) });
  if (isAccountPath(request)) return accountHandler(input);
  return notFound(API.notFoundRoute);
};

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

/**
 * A hash to compare against when the user ID is unknown, disabled or passkey-only, so that every refusal costs
 * the same scrypt work and says the same thing (no account enumeration by message or by time).
 */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString('base64')));

/** What the audit log may say about a user ID someone typed: the ID when it could be one, else nothing of it. */
export const triedUserId = (userId: string) => (USER_ID_PATTERN.test(userId) ? userId : '(invalid user ID)');

async function login({ request, deps, ip }: HandlerInput) {
  refuseCrossOrigin(request, deps);
  // No default credentials: without a session key, or without any account or hash to make one from, nobody can sign in.
  if (!deps.env.SESSION_SECRET) return serviceUnavailable(AUTH.notConfigured);
  const accounts = await listAccounts(deps);
  if (accounts.length === 0) return serviceUnavailable(AUTH.notConfigured);
  // Junk bodies count against the address before they are read, so they cannot probe for free.
  await enforceLoginLimit(deps, ip);
  const input = validate(LoginInputSchema, await readJson(request));
  const userId = normaliseUserId(input.userId || BOOTSTRAP_USER_ID);
  await enforceLoginLimit(deps, ip, userId);
  const { password } = input;
  const account: Account | undefined = accounts.find((candidate) => candidate.userId === userId);
  const usable = account ? passwordHashOf(account, deps) : null;
  const hash = usable ?? (await decoyHash());
  const matches = await verifyPassword(password, hash);
  // A disabled account is told so only after its right password (issue 21): a guesser learns nothing new.
  if (!matches || !account || !usable || account.disabled) {
    await recordAudit(deps, {
      actor: triedUserId(userId),
      action: 'sign-in-failed',
      target: { family: 'auth' },
      ip,
    });
    return failure(401, matches && account?.disabled ? AUTH.accountDisabled : AUTH.invalidPassword);
  }
  await clearFailures(deps, ip, userId);
  return signedIn(request, deps, ip, account, 'password');
}

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

async function logout({ request, deps, ip }: HandlerInput) {
  requireSameOrigin(request, deps);
  const found = await sessionOf(request, deps);
  if (found) {
    await Promise.all([
      endSession(deps, found.session._id),
      recordAudit(deps, {
        actor: found.account.userId,
        actorName: found.account.name,
        action: 'sign-out',
        target: { family: 'auth', id: found.account._id },
        ip,
      }),
    ]);
  }
  return ok(
    { authenticated: false },
    {
      message: AUTH.signedOut,
      headers: { 'Set-Cookie': clearedSessionCookie(cookieIsSecure(request, deps.env.deployed)) },
    },
  );
}

async function session({ request, deps }: HandlerInput) {
  const found = await sessionStateOf(request, deps);
  const view: SessionView =
    found && found !== DISABLED
      ? {
          authenticated: true,
          userId: found.account.userId,
          name: found.account.name,
          role: found.account.role,
          ...(found.account.mustChangePassword ? { mustChangePassword: true } : {}),
        }
      : { authenticated: false, ...(found === DISABLED ? { accountDisabled: true } : {}) };
  return ok(view);
}

/**
 * Whether the login page asks for a user ID (not while the bootstrap owner is the only account: the spec's screen
 * with the user ID fixed; as soon as anyone else exists) and offers passkeys (once anyone has one). Names nobody.
 */
async function loginOptions({ deps }: HandlerInput) {
  const accounts = await listAccounts(deps);
  const onlyBootstrap = accounts.length <= 1 && accounts.every((a) => a.userId === BOOTSTRAP_USER_ID);
  return ok({
    userIdRequired: !onlyBootstrap,
    passkeys: accounts.some((account) => !account.disabled && account.passkeys.length > 0),
  });
}
