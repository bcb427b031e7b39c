/**
 * Named accounts, sessions, passkeys and the audit log (issue 13): the paths and limits the admin and the server
 * share. Kept apart from constants.ts, which the public islands' chunk carries, so none of this reaches a public page.
 */
import { API_PREFIX } from './constants.ts';

export const ROLES = ['owner', 'editor'] as const;
export type Role = (typeof ROLES)[number];

/** The first owner, made from ADMIN_PASSWORD_HASH when the store holds no account yet. */
export const BOOTSTRAP_USER_ID = 'admin';

export const USERS_PATH = `${API_PREFIX}/users`;
export const AUDIT_PATH = `${API_PREFIX}/audit`;
/** The signed-in person's own account: password, passkeys, other sessions. */
export const ACCOUNT_PATHS = {
  password: `${API_PREFIX}/auth/password`,
  /** The signed-in person's own display name (any role; owners may also rename others through the Team). */
  name: `${API_PREFIX}/auth/name`,
  sessions: `${API_PREFIX}/auth/sessions`,
  passkeys: `${API_PREFIX}/auth/passkeys`,
  passkeyRegisterOptions: `${API_PREFIX}/auth/passkeys/options`,
  passkeyLoginOptions: `${API_PREFIX}/auth/passkey/options`,
  passkeyLogin: `${API_PREFIX}/auth/passkey`,
  /** Public: whether the login page must ask for a user ID (more than the bootstrap owner exists). */
  loginOptions: `${API_PREFIX}/auth/options`,
} as const;

/** A session ends after this long without a request (and SESSION_TTL_SECONDS after sign-in, whatever happens). */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** How stale a session's last-seen time may get before a request writes it again (one write per 5 minutes). */
export const SESSION_REFRESH_SECONDS = 5 * 60;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1_000;
/** User IDs: short, lower-case, no spaces, so that they are typed the same way every time. */
export const USER_ID_PATTERN = /^[a-z0-9][a-z0-9._@-]{1,63}$/;

/** Failed sign-ins per user ID, any address: a few addresses' worth, so one address can never lock an account. */
export const LOGIN_ACCOUNT_FAILURE_FACTOR = 3;

/** Audit entries older than this are purged by the scheduled function. */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'create',
  'update',
  'delete',
  'reorder',
  'restore',
  'status-change',
  'export',
  'erase',
  'account-create',
  'account-update',
  'account-delete',
  'password-change',
  'passkey-add',
  'passkey-remove',
  'sessions-revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  _id: string;
  at: string;
  /** The acting account's user ID, or the user ID tried on a failed sign-in (never a password). */
  actor: string;
  action: AuditAction;
  target: { family: string; id?: string; title?: string };
  ip: string;
}

/** An account as the API answers it (never its password hash or passkey keys). */
export interface AccountView {
  _id: string;
  userId: string;
  name: string;
  role: Role;
  createdAt: string;
  disabled: boolean;
  requirePasskey: boolean;
  passkeys: { id: string; name: string; createdAt: string }[];
}

export interface SessionView {
  authenticated: boolean;
  userId?: string;
  name?: string;
  role?: Role;
}
