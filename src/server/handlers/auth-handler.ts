/**
 * Admin sign-in: login checks a user ID and password against the named accounts (the bootstrap owner's
 * password is ADMIN_PASSWORD_HASH), rate-limited by failures per client and per user ID from that client; it
 * records a server-side session and sets the signed cookie naming it. Logout ends that session; session reports
 * who is signed in. The signed-in person's own account (password, passkeys, other sessions) is account-handler.ts.
 */
import { randomBytes } from 'node:crypto';
import { AUTH_PATHS } from '../../lib/collections.ts';
import { ACCOUNT_PATHS, BOOTSTRAP_USER_ID, USER_ID_PATTERN, type SessionView } from '../../lib/identity.ts';
import { LoginInputSchema } from '../../lib/identity-schemas.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { listAccounts, normaliseUserId, passwordHashOf, type Account } from '../auth/accounts.ts';
import { sessionOf, sessionStateOf } from '../auth/guard.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { clearedSessionCookie, cookieIsSecure } from '../auth/session.ts';
import { DISABLED, endSession } from '../auth/sessions.ts';
import {
  clearFailures,
  LOGIN_BY_ADDRESS,
  LOGIN_BY_USER_AT_ADDRESS,
  signedIn,
  USER_AT_ADDRESS,
  userAtIp,
} from '../auth/sign-in.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { readJson } from '../http/body.ts';
import type { HandlerInput } from '../http/netlify-function.ts';
import { failure, ok, serviceUnavailable } from '../http/respond.ts';
import {
  PUBLIC,
  PUBLIC_FORM,
  publicRoute,
  READ,
  SAME_ORIGIN,
  type ApiRoute,
  type RouteInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { accountRoutes } from './account-handler.ts';
import { CHALLENGES_BY_ADDRESS, passkeyLogin, passkeyLoginOptions } from './passkey-handler.ts';

/** Signing in and out (open to anyone, from our pages), then the signed-in person's own account. */
export const authRoutes: readonly ApiRoute[] = [
  publicRoute('POST', AUTH_PATHS.login, PUBLIC_FORM, ['sign-in', 'sign-in-failed'], login, {
    limits: [LOGIN_BY_ADDRESS, LOGIN_BY_USER_AT_ADDRESS],
  }),
  publicRoute('POST', AUTH_PATHS.logout, SAME_ORIGIN, ['sign-out'], logout),
  publicRoute('GET', AUTH_PATHS.session, PUBLIC, READ, session),
  publicRoute('GET', ACCOUNT_PATHS.loginOptions, PUBLIC, READ, loginOptions),
  publicRoute(
    'POST',
    ACCOUNT_PATHS.passkeyLoginOptions,
    SAME_ORIGIN,
    { none: 'a sign-in challenge; the sign-in it leads to is logged' },
    passkeyLoginOptions,
    { limits: [CHALLENGES_BY_ADDRESS] },
  ),
  publicRoute('POST', ACCOUNT_PATHS.passkeyLogin, SAME_ORIGIN, ['sign-in', 'sign-in-failed'], passkeyLogin, {
    limits: [LOGIN_BY_ADDRESS],
  }),
  ...accountRoutes,
];

/**
 * A hash to compare against when the user ID is unknown, disabled or passkey-only, so that every refusal costs
 * the same scrypt work and says the same thing (no account enumeration by message or by time).
 */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= hashPassword(randomBytes(24).toString('base64')));

/** What the audit log may say about a user ID someone typed: the ID when it could be one, else nothing of it. */
export const triedUserId = (userId: string) => (USER_ID_PATTERN.test(userId) ? userId : '(invalid user ID)');

async function login({ request, deps, ip, count }: RouteInput) {
  // No default credentials: without a session key, or without any account or hash to make one from, nobody can sign in.
  if (!deps.env.SESSION_SECRET) return serviceUnavailable(AUTH.notConfigured);
  const accounts = await listAccounts(deps);
  if (accounts.length === 0) return serviceUnavailable(AUTH.notConfigured);
  // The address was counted before the body was read (the route's limits), so junk bodies cannot probe for free.
  const input = validate(LoginInputSchema, await readJson(request));
  const userId = normaliseUserId(input.userId || BOOTSTRAP_USER_ID);
  await count({ [USER_AT_ADDRESS]: userAtIp(userId, ip) });
  const { password } = input;
  const account: Account | undefined = accounts.find((candidate) => candidate.userId === userId);
  const usable = account ? passwordHashOf(account, deps) : null;
  const hash = usable ?? (await decoyHash());
  const matches = await verifyPassword(password, hash);
  // A disabled account is told so only after its right password: a guesser learns nothing new.
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

async function logout({ request, deps, ip }: HandlerInput) {
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
