/**
 * Account management for owners: `GET/POST /api/v1/users`, `PATCH/DELETE /api/v1/users/<id>`. The
 * route table lets only owners in; the rules here keep at least one enabled owner, keep an owner from locking
 * themselves out, and end an account's sessions when it is disabled, deleted or given a temporary password (which
 * its holder must replace at their next sign-in).
 */
import type { z } from 'zod';
import { USERS_PATH, type AccountChange } from '../../lib/identity.ts';
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
import type { Actor } from '../auth/guard.ts';
import { hashPassword } from '../auth/password.ts';
import { isGuessable } from '../auth/password-policy.ts';
import { endSessionsOf, revokeSessionsOnDisable } from '../auth/sessions.ts';
import { ACCOUNT_FAMILY, auditAction } from '../audit/audit-log.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import { badRequest, conflict, created, notFound, ok } from '../http/respond.ts';
import { OWNER, READ, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { UniqueConflictError } from '../repository/port.ts';

/** Owners only: who may sign in, and as what. */
export const usersRoutes: readonly ApiRoute[] = [
  staffRoute('GET', USERS_PATH, OWNER, READ, list),
  staffRoute('POST', USERS_PATH, OWNER, ['account-create'], create),
  staffRoute('PATCH', `${USERS_PATH}/:id`, OWNER, ['account-update', 'password-reset'], (input) =>
    patch(input, input.params.id ?? ''),
  ),
  staffRoute('DELETE', `${USERS_PATH}/:id`, OWNER, ['account-delete'], (input) =>
    remove(input, input.params.id ?? ''),
  ),
];

const audit = (
  input: StaffInput,
  actor: Actor,
  action: 'account-create' | 'account-update' | 'account-delete' | 'password-reset',
  account: Account,
  changes?: AccountChange[],
) =>
  auditAction(input, actor, {
    action,
    family: ACCOUNT_FAMILY,
    item: account,
    ...(changes ? { detail: { changes } } : {}),
  });

/** What a PATCH changed, in the log's words; a field sent with its current value changed nothing. */
function accountChanges(before: Account, input: z.output<typeof AccountPatchSchema>): AccountChange[] {
  const changes: AccountChange[] = [];
  if (input.disabled !== undefined && input.disabled !== before.disabled)
    changes.push(input.disabled ? 'disabled' : 'enabled');
  if (input.role !== undefined && input.role !== before.role)
    changes.push(input.role === 'owner' ? 'made-owner' : 'made-editor');
  if (input.name !== undefined && input.name !== before.name) changes.push('renamed');
  if (input.password) changes.push('password-reset');
  if (input.requirePasskey !== undefined && input.requirePasskey !== before.requirePasskey)
    changes.push(input.requirePasskey ? 'passkeys-required' : 'passkeys-optional');
  if (input.email !== undefined && input.email !== (before.email ?? '')) changes.push('email-changed');
  return changes;
}

async function list({ deps }: StaffInput) {
  return ok((await listAccounts(deps)).map(accountView));
}

async function create(handlerInput: StaffInput) {
  const { request, deps, actor } = handlerInput;
  const input = validate(NewAccountSchema, await readJson(request));
  if (await isGuessable(input.password, [input.userId, input.name]))
    return badRequest(IDENTITY.passwordCommon, { password: IDENTITY.passwordCommon });
  try {
    // The owner chose this password, so it is only a first one: the colleague replaces it at their first sign-in.
    const account = await createAccount(deps, { ...input, mustChangePassword: true });
    await audit(handlerInput, actor, 'account-create', account);
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
  // Only what the change sets: a field it leaves out (undefined) keeps the account's own value.
  const set = Object.fromEntries(Object.entries(after ?? {}).filter(([, value]) => value !== undefined));
  if (after && isActiveOwner({ ...account, ...set })) return false;
  const owners = (await listAccounts(deps)).filter(isActiveOwner);
  return owners.every((owner) => owner._id === account._id);
}

async function patch(handlerInput: StaffInput, id: string) {
  const { request, deps, actor } = handlerInput;
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
  // A temporary password is an entry of its own; anything else the same PATCH changed is an update.
  const changed = accountChanges(account, input).filter((change) => change !== 'password-reset');
  if (password) await audit(handlerInput, actor, 'password-reset', updated);
  if (!password || changed.length > 0) await audit(handlerInput, actor, 'account-update', updated, changed);
  return ok(accountView(updated), {
    message: password ? IDENTITY.temporaryPasswordSet(updated.userId) : IDENTITY.accountUpdated,
  });
}

async function remove(handlerInput: StaffInput, id: string) {
  const { deps, actor } = handlerInput;
  const account = await getAccount(deps, id);
  if (!account) return notFound(IDENTITY.accountNotFound);
  if (account._id === actor.accountId) return conflict(IDENTITY.notYourself);
  if (await removesLastOwner(deps, account, null)) return conflict(IDENTITY.lastOwner);
  await deps.repository.delete(ACCOUNTS, id);
  await endSessionsOf(deps, id);
  await audit(handlerInput, actor, 'account-delete', account);
  return ok(null, { message: IDENTITY.accountDeleted });
}
