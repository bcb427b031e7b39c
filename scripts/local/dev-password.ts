/**
 * Whether the runner's dev password (generated, or ADMIN_PASSWORD) still opens the first owner's account, so the
 * console never shows a password that was since changed on the Account screen. Reads only: the first owner is
 * made at the first sign-in, not here.
 */
import { BOOTSTRAP_USER_ID } from '../../src/lib/identity.ts';
import { ACCOUNTS, getAccount, passwordHashOf } from '../../src/server/auth/accounts.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import type { Deps } from '../../src/server/deps.ts';

/** `deps.env.ADMIN_PASSWORD_HASH` must be the hash made from `password`, as the runner sets it. */
export async function devPasswordOpensAdmin(deps: Deps, password: string): Promise<boolean> {
  const stored = await deps.repository.list(ACCOUNTS);
  // No account yet: the first sign-in makes the owner from ADMIN_PASSWORD_HASH, that is from this password.
  if (stored.length === 0) return Boolean(deps.env.ADMIN_PASSWORD_HASH);
  const owner = stored.find((item) => item.userId === BOOTSTRAP_USER_ID);
  const account = owner ? await getAccount(deps, owner._id) : null;
  if (!account || account.disabled) return false;
  const hash = passwordHashOf(account, deps);
  return hash !== null && (await verifyPassword(password, hash));
}

/** The console's password line: the password while it opens the account, else what happened to it. */
export async function devPasswordLine(deps: Deps, password: string, fromEnv: boolean): Promise<string> {
  if (await devPasswordOpensAdmin(deps, password))
    return `password: ${password}${fromEnv ? ' (from ADMIN_PASSWORD)' : ''}`;
  return `the ${fromEnv ? 'ADMIN_PASSWORD' : 'dev'} password no longer opens "${BOOTSTRAP_USER_ID}" (changed, passkeys only, disabled or removed in the admin); use that account's own password, or --reset to start over`;
}
