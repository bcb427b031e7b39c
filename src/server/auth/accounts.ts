/**
 * Named staff accounts, stored in the `accounts` collection with a unique user ID. The first owner is
 * made from ADMIN_PASSWORD_HASH when the store holds no account at all, so an existing deployment keeps its one
 * login; once any account exists the environment's hash is only the bootstrap owner's password until that owner
 * sets one of their own, and a deleted bootstrap owner never comes back.
 */
import { BOOTSTRAP_USER_ID, type AccountView, type Role } from '../../lib/identity.ts';
import type { Deps } from '../deps.ts';
import { UniqueConflictError, type StoredItem } from '../repository/port.ts';
import { hashPassword } from './password.ts';

export const ACCOUNTS = 'accounts';

export interface StoredPasskey {
  /** The credential id (base64url), as the authenticator reports it. */
  id: string;
  name: string;
  publicKey: string;
  counter: number;
  transports?: string[];
  createdAt: string;
}

export interface Account extends StoredItem {
  userId: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Passkeys only: the password no longer opens this account. */
  requirePasskey: boolean;
  /** scrypt hash (password.ts); absent for the bootstrap owner until they set one (ADMIN_PASSWORD_HASH then). */
  passwordHash?: string;
  /** The bootstrap owner, whose password is ADMIN_PASSWORD_HASH until they change it. */
  passwordFromEnv?: boolean;
  /** The password is a temporary one someone else set: only a password change is allowed until then. */
  mustChangePassword: boolean;
  passkeys: StoredPasskey[];
  /** Where the website writes about changes to the payment settings (owners); '' or absent: nowhere. */
  email?: string;
}

const asAccount = (item: StoredItem): Account => ({
  ...(item as Account),
  disabled: item.disabled === true,
  requirePasskey: item.requirePasskey === true,
  mustChangePassword: item.mustChangePassword === true,
  passkeys: Array.isArray(item.passkeys) ? (item.passkeys as StoredPasskey[]) : [],
});

export const normaliseUserId = (userId: string) => userId.trim().toLocaleLowerCase('en');

/** Every account, oldest first; makes the bootstrap owner when there is none and the environment has a hash. */
export async function listAccounts(deps: Deps): Promise<Account[]> {
  const accounts = (await deps.repository.list(ACCOUNTS)).map(asAccount);
  if (accounts.length > 0 || !deps.env.ADMIN_PASSWORD_HASH) return accounts;
  try {
    await deps.repository.create(ACCOUNTS, {
      userId: BOOTSTRAP_USER_ID,
      name: 'Owner',
      role: 'owner',
      disabled: false,
      requirePasskey: false,
      passwordFromEnv: true,
      passkeys: [],
    });
  } catch (error) {
    // Another request bootstrapped at the same moment: the unique user ID kept it to one.
    if (!(error instanceof UniqueConflictError)) throw error;
  }
  return (await deps.repository.list(ACCOUNTS)).map(asAccount);
}

export async function findAccountByUserId(deps: Deps, userId: string): Promise<Account | null> {
  const wanted = normaliseUserId(userId);
  return (await listAccounts(deps)).find((account) => account.userId === wanted) ?? null;
}

export async function getAccount(deps: Deps, id: string): Promise<Account | null> {
  const item = await deps.repository.get(ACCOUNTS, id);
  return item ? asAccount(item) : null;
}

/** The hash that opens this account with a password, or null (passkeys only, or nothing configured). */
export function passwordHashOf(account: Account, deps: Deps): string | null {
  if (account.requirePasskey) return null;
  if (account.passwordHash) return account.passwordHash;
  return account.passwordFromEnv ? (deps.env.ADMIN_PASSWORD_HASH ?? null) : null;
}

export interface NewAccount {
  userId: string;
  name: string;
  role: Role;
  password: string;
  /**
   * The password is one someone else chose (an owner adding a colleague): its holder must replace it at their
   * first sign-in, as with a temporary password set later.
   */
  mustChangePassword?: boolean;
}

/** Creates an account; UniqueConflictError when the user ID is taken. */
export async function createAccount(
  deps: Deps,
  input: NewAccount,
  cost?: Parameters<typeof hashPassword>[1],
): Promise<Account> {
  await listAccounts(deps); // an owner added before anyone signed in must not skip the bootstrap owner
  const item = await deps.repository.create(ACCOUNTS, {
    userId: normaliseUserId(input.userId),
    name: input.name,
    role: input.role,
    disabled: false,
    requirePasskey: false,
    passwordHash: await hashPassword(input.password, cost),
    mustChangePassword: input.mustChangePassword === true,
    passkeys: [],
  });
  return asAccount(item);
}

/**
 * Changes an account. Account records keep no history (`touch: false`): an old version would hold an old password
 * hash, and the audit log already says who changed what.
 */
export async function updateAccount(
  deps: Deps,
  id: string,
  fields: Partial<Omit<Account, '_id' | 'createdAt' | 'updatedAt' | 'userId'>>,
): Promise<Account | null> {
  const result = await deps.repository.update(ACCOUNTS, id, fields, { touch: false });
  return result ? asAccount(result.item) : null;
}

export const isActiveOwner = (account: Account) => account.role === 'owner' && !account.disabled;

export function accountView(account: Account): AccountView {
  return {
    _id: account._id,
    userId: account.userId,
    name: account.name,
    role: account.role,
    createdAt: account.createdAt,
    disabled: account.disabled,
    requirePasskey: account.requirePasskey,
    mustChangePassword: account.mustChangePassword,
    passkeys: account.passkeys.map(({ id, name, createdAt }) => ({ id, name, createdAt })),
    ...(account.email ? { email: account.email } : {}),
  };
}

/** The addresses of the enabled owners who gave one: who hears about a change to the payment settings. */
export async function ownerAddresses(deps: Deps): Promise<string[]> {
  const owners = (await listAccounts(deps)).filter(isActiveOwner);
  return [...new Set(owners.flatMap((owner) => (owner.email ? [owner.email.toLowerCase()] : [])))];
}
