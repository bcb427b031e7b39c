/**
 * The way back in for someone with the store's credentials but no working sign-in (issue 21): the lone owner who
 * lost their password and passkey. `npm run reset-password` (scripts/reset-password.ts) calls this: the account
 * gets a temporary password that must be replaced at the next sign-in, its sessions end, and the audit log says so.
 * Owners resetting a colleague use PATCH /api/v1/users/<id> instead (users-handler.ts), with the same effect.
 */
import { randomBytes } from 'node:crypto';
import { newPasswordSchema } from '../../src/lib/identity-schemas.ts';
import { IDENTITY } from '../../src/lib/staff-messages.ts';
import { COMMAND_LINE_ACTOR, recordAudit } from '../../src/server/audit/audit-log.ts';
import type { Deps } from '../../src/server/deps.ts';
import { findAccountByUserId, updateAccount, type Account } from '../../src/server/auth/accounts.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { isGuessable } from '../../src/server/auth/password-policy.ts';
import { endSessionsOf } from '../../src/server/auth/sessions.ts';

export { COMMAND_LINE_ACTOR };

export class PasswordResetError extends Error {}

/** 18 random bytes: 24 characters of base64url, far beyond any guessing (and zxcvbn's strongest score). */
export const temporaryPassword = () => randomBytes(18).toString('base64url');

export interface PasswordReset {
  account: Account;
  password: string;
  endedSessions: number;
}

/**
 * Gives `userId` a temporary password (`chosen`, or a random one) and ends its sessions. Also lifts "passkeys only":
 * whoever needs this has lost their passkeys too. Throws PasswordResetError, changing nothing, for an unknown user
 * ID or a password the site would refuse.
 */
export async function resetPassword(deps: Deps, userId: string, chosen?: string): Promise<PasswordReset> {
  const account = await findAccountByUserId(deps, userId);
  if (!account) throw new PasswordResetError(`No account has the user ID "${userId}".`);
  const password = chosen ?? temporaryPassword();
  const checked = newPasswordSchema.safeParse(password);
  if (!checked.success)
    throw new PasswordResetError(checked.error.issues[0]?.message ?? IDENTITY.passwordCommon);
  if (await isGuessable(password, [account.userId, account.name]))
    throw new PasswordResetError(IDENTITY.passwordCommon);
  const updated = await updateAccount(deps, account._id, {
    passwordHash: await hashPassword(password),
    passwordFromEnv: false,
    mustChangePassword: true,
    requirePasskey: false,
  });
  if (!updated) throw new PasswordResetError(`No account has the user ID "${userId}".`);
  const endedSessions = await endSessionsOf(deps, account._id);
  await recordAudit(deps, {
    actor: COMMAND_LINE_ACTOR,
    action: 'password-reset',
    // Named as every account entry is (issue 21.7): by the person's name.
    target: { family: 'account', id: account._id, title: account.name },
    ip: 'local',
  });
  return { account: updated, password, endedSessions };
}
