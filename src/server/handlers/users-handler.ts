/**
 * Account management for owners (issue 13): `GET/POST /api/v1/users`, `PATCH/DELETE /api/v1/users/<id>`. The
 * router lets only owners in; the rules here keep at least one enabled owner, keep an owner from locking
 * themselves out, and end an account's sessions when it is disabled, deleted or given a temporary password (which
 * its holder must replace at their next sign-in, issue 21).
 */
import { API } from '../../lib/api-messages.ts';
import { USERS_PATH } from '../../lib/identity.ts';
import { AccountPatchSchema, NewAccountSchema } from '../../lib/identity-schemas.ts';
import { IDENTITY } from '../../lib/staff-messages.ts';
import {
  ACCOUNTS,
  accountView,
  createAccount,
  getAccount,
  isActiveOwner,
  listAccounts,
  updateAccount,
  type Account,
} from '../auth/accounts.ts';
import { requireAdmin, type Actor } from '../auth/guard.ts';
import { hashPassword } from '../auth/password.ts';
import { isGuessable } from '../auth/password-policy.ts';
import { endSessionsOf, revokeSessionsOnDisable } from '../auth/sessions.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { badRequest, conflict, created, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import { UniqueConflictError } from '../repository/port.ts';

export const usersHandler: RouteHandler = async (input) => {
  const route = matchRoute(input.request, USERS_PATH);
  if (route?.kind === 'collection')
    return dispatch(input.request, { GET: () => list(input), POST: () => create(input) });
  if (route?.kind === 'item')
    return dispatch(input.request, {
      PATCH: () => patch(input, route.id),
      DELETE: () => remove(input, route.id),
    });
  return notFound(API.notFoundRoute);
};

const audit = (
  deps: Deps,
  actor: Actor,
  ip: string,
  action: 'account-create' | 'account-update' | 'account-delete' | 'password-reset',
  account: Account,
) =>
  recordAudit(deps, {
    actor: actor.userId,
    action,
    target: { family: 'account', id: account._id, title: account.userId },
    ip,
  });

async function list({ request, deps }: HandlerInput) {
  await requireAdmin(request, deps, 'read', 'owner');
  return ok((await listAccounts(deps)).map(accountView));
}

async function create({ request, deps, ip }: HandlerInput) {
  const actor = await requireAdmin(request, deps, 'write', 'owner');
  const input = validate(NewAccountSchema, await readJson(request));
  if (await isGuessable(input.password, [input.userId, input.name]))
    return badRequest(IDENTITY.passwordCommon, { password: IDENTITY.passwordCommon });
  try {
    const account = await createAccount(deps, input);
    await audit(deps, actor, ip, 'account-create', account);
    return created(accountView(account), IDENTITY.accountCreated);
  } catch (error) {
    if (error instanceof UniqueConflictError)
      return badRequest(IDENTITY.userIdTaken, { userId: IDENTITY.userIdTaken });
    throw error;
  }
}

/** True when the change would leave no enabled owner. */
async function removesLastOwner(deps: Deps, account: Account, after: Partial<Account> | null) {
  if (!isActiveOwner(account)) return false;
  if (after && isActiveOwner({ ...account, ...after })) return false;
  const owners = (await listAccounts(deps)).filter(isActiveOwner);
  return owners.every((owner) => owner._id === account._id);
}

async function patch({ request, deps, ip }: HandlerInput, id: string) {
  const actor = await requireAdmin(request, deps, 'write', 'owner');
  const input = validate(AccountPatchSchema, await readJson(request));
  const account = await getAccount(deps, id);
  if (!account) return notFound(IDENTITY.accountNotFound);
  if (account._id === actor.accountId && (input.disabled === true || input.role === 'editor'))
    return conflict(IDENTITY.notYourself);
  if (await removesLastOwner(deps, account, { role: input.role, disabled: input.disabled }))
    return conflict(IDENTITY.lastOwner);
  if (input.requirePasskey === true && account.passkeys.length === 0)
    return badRequest(IDENTITY.passkeyRequiresOne, { requirePasskey: IDENTITY.passkeyRequiresOne });
  if (input.password && (await isGuessable(input.password, [account.userId, account.name])))
    return badRequest(IDENTITY.passwordCommon, { password: IDENTITY.passwordCommon });
  const { password, confirmPassword: _confirmed, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  const updated = await updateAccount(deps, id, {
    ...changes,
    ...(password
      ? { passwordHash: await hashPassword(password), passwordFromEnv: false, mustChangePassword: true }
      : {}),
  });
  if (!updated) return notFound(IDENTITY.accountNotFound);
  // Disabling keeps the sessions' records, marked, so the person is told why they were signed out; a temporary
  // password ends them like a changed password does.
  if (input.disabled === true) await revokeSessionsOnDisable(deps, id);
  else if (password) await endSessionsOf(deps, id);
  if (password) await audit(deps, actor, ip, 'password-reset', updated);
  if (!password || Object.keys(changes).length > 0) await audit(deps, actor, ip, 'account-update', updated);
  return ok(accountView(updated), {
    message: password ? IDENTITY.temporaryPasswordSet(updated.userId) : IDENTITY.accountUpdated,
  });
}

async function remove({ request, deps, ip }: HandlerInput, id: string) {
  const actor = await requireAdmin(request, deps, 'write', 'owner');
  const account = await getAccount(deps, id);
  if (!account) return notFound(IDENTITY.accountNotFound);
  if (account._id === actor.accountId) return conflict(IDENTITY.notYourself);
  if (await removesLastOwner(deps, account, null)) return conflict(IDENTITY.lastOwner);
  await deps.repository.delete(ACCOUNTS, id);
  await endSessionsOf(deps, id);
  await audit(deps, actor, ip, 'account-delete', account);
  return ok(null, { message: IDENTITY.accountDeleted });
}
