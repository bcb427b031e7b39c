/**
 * The signed-in person's own account: change the password (the other sessions end), list the sessions
 * and sign out the other devices, and the passkeys (passkey-handler.ts). Any role; same-origin writes.
 */
import { LOGIN_RATE_LIMIT } from '../../lib/constants.ts';
import { ACCOUNT_PATHS } from '../../lib/identity.ts';
import { NameChangeSchema, PasswordChangeSchema } from '../../lib/identity-schemas.ts';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { accountView, passwordHashOf, updateAccount } from '../auth/accounts.ts';
import { sessionOf } from '../auth/guard.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { isGuessable } from '../auth/password-policy.ts';
import { endSessionsOf, sessionsOf } from '../auth/sessions.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { readJson } from '../http/body.ts';
import { badRequest, HttpError, notFound, ok, unauthorized } from '../http/respond.ts';
import {
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteLimit,
  type StaffInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { passkeyRoutes } from './passkey-handler.ts';

/** The rate-limit bucket of current-password checks, per account. */
const PASSWORD_FAILURES = 'password-change';

/**
 * A session is not the password: someone holding a stolen or unattended one must not get a free guessing loop.
 * Counted per account (only its own sessions reach the route) as every attempt starts; a change clears it.
 */
const PASSWORD_CHECKS_BY_ACCOUNT: RouteLimit = {
  name: 'account',
  per: 'account',
  counters: (env) => [
    {
      bucket: PASSWORD_FAILURES,
      rule: { limit: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: LOGIN_RATE_LIMIT.windowSeconds },
    },
  ],
  message: IDENTITY.passwordAttemptsExceeded,
};

/** Any role, each for their own account; the password change is the one thing a temporary password allows. */
export const accountRoutes: readonly ApiRoute[] = [
  staffRoute(
    'POST',
    ACCOUNT_PATHS.password,
    { ...STAFF, whilePasswordChangeDue: true },
    ['password-change', 'password-change-failed'],
    changePassword,
    { limits: [PASSWORD_CHECKS_BY_ACCOUNT] },
  ),
  staffRoute('PATCH', ACCOUNT_PATHS.name, STAFF, ['account-update'], rename),
  staffRoute('GET', ACCOUNT_PATHS.sessions, STAFF, READ, listSessions),
  staffRoute('DELETE', ACCOUNT_PATHS.sessions, STAFF, ['sessions-revoke'], endOtherSessions),
  ...passkeyRoutes,
];

/** The caller's live session and account (the route table's guard has checked both). */
async function current(input: StaffInput) {
  const found = await sessionOf(input.request, input.deps);
  if (!found) throw new HttpError(unauthorized());
  return found;
}

async function changePassword(input: StaffInput) {
  const { request, deps, ip } = input;
  const { account, session } = await current(input);
  const { currentPassword, newPassword } = validate(PasswordChangeSchema, await readJson(request));
  const hash = passwordHashOf(account, deps);
  if (!hash || !(await verifyPassword(currentPassword, hash))) {
    await recordAudit(deps, {
      actor: account.userId,
      action: 'password-change-failed',
      target: { family: 'account', id: account._id },
      ip,
    });
    return badRequest(IDENTITY.passwordCurrentWrong, { currentPassword: IDENTITY.passwordCurrentWrong });
  }
  // Whoever set the temporary password knows it: keeping it would leave it theirs as well.
  if (account.mustChangePassword && newPassword === currentPassword)
    return badRequest(IDENTITY.passwordSameAsTemporary, { newPassword: IDENTITY.passwordSameAsTemporary });
  if (await isGuessable(newPassword, [account.userId, account.name]))
    return badRequest(IDENTITY.passwordCommon, { newPassword: IDENTITY.passwordCommon });
  await updateAccount(deps, account._id, {
    passwordHash: await hashPassword(newPassword),
    passwordFromEnv: false,
    mustChangePassword: false,
  });
  await Promise.all([
    endSessionsOf(deps, account._id, session._id),
    deps.coordination.clearHits(PASSWORD_FAILURES, account._id),
  ]);
  await recordAudit(deps, {
    actor: account.userId,
    actorName: account.name,
    action: 'password-change',
    target: { family: 'account', id: account._id },
    ip,
  });
  return ok(null, { message: IDENTITY.passwordChanged });
}

/**
 * Anyone may change the name the admin shows for them (the first owner, "Admin" from the bootstrap,
 * had no way to put their own name there, and an editor cannot use the owners' Team route).
 */
async function rename(input: StaffInput) {
  const { request, deps, ip } = input;
  const { account } = await current(input);
  const { name } = validate(NameChangeSchema, await readJson(request));
  const updated = await updateAccount(deps, account._id, { name });
  if (!updated) return notFound(IDENTITY.accountNotFound);
  await recordAudit(deps, {
    actor: account.userId,
    action: 'account-update',
    target: { family: 'account', id: account._id },
    ip,
  });
  return ok(accountView(updated), { message: IDENTITY.accountUpdated });
}

async function listSessions(input: StaffInput) {
  const { account, session } = await current(input);
  const sessions = await sessionsOf(input.deps, account._id);
  return ok(
    sessions.map((item) => ({
      _id: item._id,
      createdAt: item.createdAt,
      lastSeenAt: item.lastSeenAt,
      userAgent: item.userAgent,
      current: item._id === session._id,
    })),
  );
}

async function endOtherSessions(input: StaffInput) {
  const { deps, ip } = input;
  const { account, session } = await current(input);
  const ended = await endSessionsOf(deps, account._id, session._id);
  await recordAudit(deps, {
    actor: account.userId,
    actorName: account.name,
    action: 'sessions-revoke',
    target: { family: 'account', id: account._id },
    ip,
  });
  return ok({ ended }, { message: IDENTITY.sessionsEnded(ended) });
}
