/**
 * Sign-in, named accounts, passkeys, sessions and the Activity screen's sentences: staff only.
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */
import type { AccountChange, AuditAction } from '../identity.ts';
import { FORM_REQUIRED } from '../messages.ts';

/** Admin sign-in (spec section 2 and 8). */
export const AUTH = {
  invalidPassword: 'Invalid password. Please try again.',
  passwordRequired: 'Password is required',
  /** Beyond the spec: the server gate the spec lacked (docs/design.md (Architecture) "Admin authentication"). */
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  notConfigured: 'Admin login is not configured on this server. Set ADMIN_PASSWORD_HASH and SESSION_SECRET.',
  signedOut: 'Signed out',
  /** Beyond the spec: shown on the login page when a request found the session gone. */
  sessionExpired: 'Your session has expired — sign in again',
  /** Said only to someone who proved the password (or held a session), never to a guesser. */
  accountDisabled: 'Your account is disabled. Ask an owner to enable it.',
  /** The login page's way back in: no e-mail reset exists, so it says who can let the person in again. */
  forgotPassword: 'Forgot password?',
  forgotPasswordColleague:
    'Ask an owner to set a temporary password for you on the Team screen; you choose your own when you next sign in.',
  forgotPasswordLastOwner:
    'If you are the only owner, run npm run reset-password -- --user <your user ID> on a computer with the site’s store settings (README, “Locked out”).',
} as const;

/** Named accounts, passkeys, sessions and the audit log: beyond the spec, staff only. */
export const IDENTITY = {
  emailInvalid: 'Please enter a valid e-mail address, or leave it empty for none',
  userIdRequired: 'User ID is required',
  userIdInvalid: 'Use 2 to 64 lower-case letters, digits, dots, dashes, underscores or @',
  userIdTaken: 'That user ID is already in use',
  nameRequired: FORM_REQUIRED.name,
  roleInvalid: 'Role must be owner or editor',
  passwordTooShort: (min: number) => `Use at least ${min} characters`,
  passwordCommon: 'This password is too common or too easy to guess; choose another',
  passwordCurrentWrong: 'The current password is not correct',
  /** Says when to retry (the Retry-After seconds). */
  passwordAttemptsExceeded: (seconds: number) =>
    `Too many wrong current passwords. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  passwordChanged: 'Password changed. Your other devices were signed out.',
  accountCreated: 'Account created',
  accountUpdated: 'Account updated',
  accountDeleted: 'Account deleted',
  accountNotFound: 'Account not found',
  lastOwner: 'The last owner cannot be removed, disabled or made an editor',
  notYourself: 'You cannot disable or delete your own account',
  sessionsEnded: (count: number) => `Signed out ${count} other ${count === 1 ? 'device' : 'devices'}`,
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyNameRequired: 'Give the passkey a name',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyRequiresOne: 'The account has no passkey yet: add one before requiring passkeys',
  passkeyUnsupported: 'This browser cannot use passkeys',
  accountLoadFailed: 'Failed to load your account',
  teamLoadFailed: 'Failed to load the team',
  activityLoadFailed: 'Failed to load the activity',
  saveFailed: 'Failed to save. Please try again.',
  confirmDelete: (userId: string) => `Delete the account ${userId}? They are signed out at once.`,
  activityEmpty: 'No activity recorded yet',
  /** A confirm field beside every new password. */
  passwordsDiffer: 'The two passwords do not match',
  confirmPasswordRequired: 'Type the new password again to confirm it',
  temporaryPasswordSet: (userId: string) =>
    `Temporary password set for ${userId}. They were signed out and must choose a new password when they next sign in.`,
  passwordSameAsTemporary: 'Choose a password other than the temporary one',
  mustChangePassword: 'You signed in with a temporary password. Choose a new password to continue.',
  /** Shown to an editor who opens an owner's screen, instead of a form the server would refuse. */
  ownersOnlyTeam: 'Only owners can manage the team',
  ownersOnlyActivity: 'Only owners can see the activity log',
} as const;

/**
 * The Activity log in words: one sentence per entry, naming the person who acted and the item or person
 * affected ("Priya Nair disabled Ravi Kumar’s account", "Priya Nair set status New → Replied on Asha Rao’s contact
 * message"). `thing` is the item as src/admin/format/activity.ts names it.
 */
export const ACTIVITY_TEXT = {
  actionLabels: {
    'sign-in': 'Signed in',
    'sign-in-failed': 'Failed sign-in',
    'sign-out': 'Signed out',
    create: 'Added',
    update: 'Edited',
    delete: 'Deleted',
    purge: 'Deleted for good',
    reorder: 'Reordered',
    restore: 'Restored',
    'status-change': 'Changed a status',
    'note-change': 'Saved or removed a note',
    export: 'Exported',
    erase: 'Erased personal data',
    'account-create': 'Added an account',
    'account-update': 'Changed an account',
    'account-delete': 'Deleted an account',
    'password-change': 'Changed their password',
    'password-change-failed': 'Wrong current password',
    'password-reset': 'Set a temporary password',
    'passkey-add': 'Added a passkey',
    'passkey-remove': 'Removed a passkey',
    'sessions-revoke': 'Signed out other devices',
    'backup-restore': 'Restored a backup',
    'legacy-import': 'Imported from the old site',
    'publish-now': 'Published now',
    revoke: 'Revoked a certificate',
    'preview-share': 'Shared a preview',
    'preview-revoke': 'Withdrew a preview link',
    'enrolment-link-revoke': 'Revoked a student’s enrolment link',
    payment: 'Recorded a payment or refund',
    'scheduled-publish': 'Published on schedule',
    'scheduled-unpublish': 'Unpublished on schedule',
    'schedule-cancel': 'Cancelled a scheduled change',
  } satisfies Record<AuditAction, string>,
  /** A content item or course: its title and the screen it lives on. */
  titled: (title: string, section: string) => `“${title}” in ${section}`,
  untitled: (section: string) => `an item in ${section}`,
  /** A request, named by its person (absent once erased, and on entries from before names were kept). */
  requestOf: (name: string, noun: string) => `${name}’s ${noun}`,
  someone: 'someone',
  signedIn: (who: string, passkey: boolean) => `${who} signed in${passkey ? ' with a passkey' : ''}`,
  signInFailed: (userId: string, passkey: boolean) =>
    `Failed ${passkey ? 'passkey ' : ''}sign-in${userId ? ` as ${userId}` : ''}`,
  signedOut: (who: string) => `${who} signed out`,
  created: (who: string, thing: string) => `${who} added ${thing}`,
  updated: (who: string, thing: string) => `${who} edited ${thing}`,
  settingsUpdated: (who: string) => `${who} updated the site settings`,
  /** Each changed setting with its value before and after: “Course fees: UPI ID” from “a@okaxis” to “b@okaxis”. */
  settingsChanged: (who: string, changes: readonly string[]) =>
    `${who} changed the site settings: ${changes.join('; ')}`,
  settingsRestored: (who: string, changes: readonly string[]) =>
    `${who} restored an earlier version of the site settings: ${changes.join('; ')}`,
  settingChange: (label: string, from: string, to: string) =>
    `${label} from ${from ? `“${from}”` : 'nothing'} to ${to ? `“${to}”` : 'nothing'}`,
  statsUpdated: (who: string, from?: string, to?: string) =>
    from !== undefined && to !== undefined
      ? `${who} set the total courses from ${from} to ${to}`
      : `${who} updated the total courses`,
  deleted: (who: string, thing: string) => `${who} deleted ${thing}`,
  purged: (who: string, thing: string) => `${who} deleted ${thing} for good`,
  reordered: (who: string, section: string) => `${who} reordered ${section}`,
  restoredFromTrash: (who: string, thing: string) => `${who} restored ${thing} from the trash`,
  restoredVersion: (who: string, thing: string) => `${who} restored an earlier version of ${thing}`,
  restored: (who: string, thing: string) => `${who} restored ${thing}`,
  statusChanged: (who: string, from: string, to: string, thing: string) =>
    `${who} set status ${from} → ${to} on ${thing}`,
  statusChangedSomehow: (who: string, thing: string) => `${who} changed the status of ${thing}`,
  noteSaved: (who: string, thing: string) => `${who} saved a note on ${thing}`,
  noteRemoved: (who: string, thing: string) => `${who} removed the note on ${thing}`,
  exportedCsv: (who: string, section: string) => `${who} exported ${section} as CSV`,
  exportedBackup: (who: string) => `${who} downloaded a backup`,
  restoredBackup: (who: string, backup: string, written = 0, removed = 0) =>
    `${who} restored the backup ${backup} (${written} written, ${removed} removed)`,
  publishedNow: (who: string) => `${who} published the site now (one deploy of the month’s budget)`,
  sharedPreview: (who: string, thing: string) => `${who} shared a preview link to ${thing}`,
  revokedPreview: (who: string, thing: string) => `${who} revoked a preview link to ${thing}`,
  /** The scheduler's changes (actor "scheduler") and a cancelled one. */
  scheduledPublished: (thing: string) => `${thing} was published on schedule`,
  scheduledUnpublished: (thing: string) => `${thing} was unpublished on schedule`,
  scheduleCancelled: (who: string, change: string, thing: string) =>
    `${who} cancelled the scheduled ${change} of ${thing}`,
  importedLegacy: (who: string, written = 0, removed = 0) =>
    `${who} imported the old site’s data (${written} written, ${removed} removed)`,
  /** `whose`: the masked address and the counts (DATA_RIGHTS.auditTarget), on the entries that record them. */
  exportedPersonalData: (who: string, whose?: string) =>
    whose ? `${who} exported the data of ${whose}` : `${who} exported one person’s data`,
  erased: (who: string, whose?: string) =>
    whose ? `${who} erased the data of ${whose}` : `${who} erased one person’s data`,
  accountCreated: (who: string, person: string) => `${who} added an account for ${person}`,
  accountChanges: {
    disabled: (person: string) => `disabled ${person}’s account`,
    enabled: (person: string) => `enabled ${person}’s account`,
    'made-owner': (person: string) => `made ${person} an owner`,
    'made-editor': (person: string) => `made ${person} an editor`,
    renamed: (person: string) => `renamed an account to ${person}`,
    'password-reset': (person: string) => `set a new password for ${person}`,
    'passkeys-required': (person: string) => `required passkeys for ${person}`,
    'passkeys-optional': (person: string) => `let ${person} sign in with a password again`,
    'email-changed': (person: string) => `changed ${person}’s alert e-mail`,
  } satisfies Record<AccountChange, (person: string) => string>,
  accountChanged: (who: string, changes: string[]) => `${who} ${changes.join(' and ')}`,
  accountUpdated: (who: string, person: string) => `${who} changed ${person}’s account`,
  accountDeleted: (who: string, person: string) => `${who} deleted ${person}’s account`,
  passwordChanged: (who: string) => `${who} changed their password`,
  passwordChangeFailed: (who: string) => `${who} gave a wrong current password when changing their password`,
  temporaryPasswordSet: (who: string, person: string) =>
    `${who} set a temporary password for ${person} (to be changed at their next sign-in)`,
  passkeyAdded: (who: string, name: string) => `${who} added the passkey “${name}”`,
  passkeyRemoved: (who: string, name: string) => `${who} removed the passkey “${name}”`,
  sessionsRevoked: (who: string) => `${who} signed out their other devices`,
  /** Any action this screen does not know yet (a newer server): the code, never nothing. */
  other: (who: string, action: string, thing: string) => `${who}: ${action} ${thing}`.trim(),
} as const;
