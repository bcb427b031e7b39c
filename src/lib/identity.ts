/**
 * Named accounts, sessions, passkeys and the audit log: the paths and limits the admin and the server
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
  /** A staff note on a request saved or removed (it was logged as a status change). */
  'note-change',
  /** A trash entry deleted for good by an owner, before the retention purge. */
  'purge',
  'export',
  'erase',
  'account-create',
  'account-update',
  'account-delete',
  'password-change',
  'password-change-failed',
  /** An owner (or the reset-password command) set a temporary password that must be changed at next sign-in. */
  'password-reset',
  'passkey-add',
  'passkey-remove',
  'sessions-revoke',
  /** The command line made the store equal to a backup (`npm run restore`), or imported the old site's data. */
  'backup-restore',
  'legacy-import',
  /** An owner started a production deploy by hand, spending one of the month's deploy budget. */
  'publish-now',
  /** A certificate revoked by staff, with its reason in the item. */
  'revoke',
  /** A preview link made for a draft, or withdrawn before it expired. */
  'preview-share',
  'preview-revoke',
  /** Staff revoked a student's "Your enrolment" page link: every link sent before stops working. */
  'enrolment-link-revoke',
  /** A payment or refund staff recorded on an enrolment: its kind and amount in the detail. */
  'payment',
  /** The scheduler (actor "scheduler") made an item's due change; staff cancelled one. */
  'scheduled-publish',
  'scheduled-unpublish',
  'schedule-cancel',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an account update changed, as the log tells it ("Priya disabled Ravi's account"). */
export const ACCOUNT_CHANGES = [
  'disabled',
  'enabled',
  'made-owner',
  'made-editor',
  'renamed',
  'password-reset',
  'passkeys-required',
  'passkeys-optional',
  'email-changed',
] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

/** What the handler told the log beyond the action and the item; absent on older entries. */
export interface AuditDetail {
  /** A status change (or the stats' total): the value before and after. */
  from?: string;
  to?: string;
  /** A restore: out of the trash, or an earlier version from the item's history. */
  source?: 'trash' | 'history';
  /** An account update's changes. */
  changes?: AccountChange[];
  /** A note removed rather than saved. */
  cleared?: boolean;
  /** A cancelled scheduled change: which one, and the time it was set for. */
  change?: 'publish' | 'unpublish';
  at?: string;
  /** A settings save or restore: each setting it changed, its value before and after (as text, clipped). */
  settings?: { field: string; from: string; to: string }[];
  /** A restore or an import from the command line: how many items it wrote and removed. */
  written?: number;
  removed?: number;
}

export interface AuditEntry {
  _id: string;
  at: string;
  /** The acting account's user ID, or the user ID tried on a failed sign-in (never a password). */
  actor: string;
  /** The acting account's name when it acted; absent on failed sign-ins and older entries. */
  actorName?: string;
  action: AuditAction;
  /**
   * The item: its family, id and display title (the family's title field, a request's person's name, an
   * account's name), recorded when it happened, so a delete keeps its title.
   */
  target: { family: string; id?: string; title?: string };
  detail?: AuditDetail;
  /** The client's address, or 'unknown' when the platform did not say. */
  ip: string;
}

/** The address an audit entry holds when the platform did not say where a request came from. */
export const UNKNOWN_ADDRESS = 'unknown';

/** An account as the API answers it (never its password hash or passkey keys). */
export interface AccountView {
  _id: string;
  userId: string;
  name: string;
  role: Role;
  createdAt: string;
  disabled: boolean;
  requirePasskey: boolean;
  /** Signed in with a temporary password: nothing but a password change until it is replaced. */
  mustChangePassword: boolean;
  passkeys: { id: string; name: string; createdAt: string }[];
  /** Where the website writes to this person about changes to the payment settings (owners); absent when none. */
  email?: string;
}

export interface SessionView {
  authenticated: boolean;
  userId?: string;
  name?: string;
  role?: Role;
  /** The admin shows only "choose a new password" while this is true; the server refuses everything else. */
  mustChangePassword?: boolean;
  /** Not signed in because the account was disabled (the cookie named one of its sessions). */
  accountDisabled?: boolean;
}
