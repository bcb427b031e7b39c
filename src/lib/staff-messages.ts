/**
 * The message catalogue, staff half: what only staff see (sign-in, admin screens, confirmations, enquiry
 * follow-up, notifications, data-rights tools, backups). Visitor-facing strings are in messages.ts; the split
 * keeps these out of the public pages' JavaScript. Strings are verbatim from the spec (section 8 and section 5).
 */

import type { AccountChange, AuditAction } from './identity.ts';
import { FORM_REQUIRED } from './messages.ts';

/** Admin sign-in (spec section 2 and 8). */
export const AUTH = {
  invalidPassword: 'Invalid password. Please try again.',
  passwordRequired: 'Password is required',
  /** Beyond the spec: the server gate the spec lacked (docs/design.md (Architecture) "Admin authentication"). */
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  notConfigured: 'Admin login is not configured on this server. Set ADMIN_PASSWORD_HASH and SESSION_SECRET.',
  signedOut: 'Signed out',
  /** Beyond the spec: shown on the login page when a request found the session gone (issue 10.11). */
  sessionExpired: 'Your session has expired — sign in again',
  /** Issue 21: said only to someone who proved the password (or held a session), never to a guesser. */
  accountDisabled: 'Your account is disabled. Ask an owner to enable it.',
  /** The login page's way back in: no e-mail reset exists, so it says who can let the person in again. */
  forgotPassword: 'Forgot password?',
  forgotPasswordColleague:
    'Ask an owner to set a temporary password for you on the Team screen; you choose your own when you next sign in.',
  forgotPasswordLastOwner:
    'If you are the only owner, run npm run reset-password -- --user <your user ID> on a computer with the site’s store settings (README, “Locked out”).',
} as const;

/** Named accounts, passkeys, sessions and the audit log (issue 13): beyond the spec, staff only. */
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
  /** Issue 21: a confirm field beside every new password. */
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
 * The Activity log in words (issue 21.7): one sentence per entry, naming the person who acted and the item or person
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
  /** Issue 24.3: the scheduler's changes (actor "scheduler") and a cancelled one. */
  scheduledPublished: (thing: string) => `${thing} was published on schedule`,
  scheduledUnpublished: (thing: string) => `${thing} was unpublished on schedule`,
  scheduleCancelled: (who: string, change: string, thing: string) =>
    `${who} cancelled the scheduled ${change} of ${thing}`,
  importedLegacy: (who: string, written = 0, removed = 0) =>
    `${who} imported the old site’s data (${written} written, ${removed} removed)`,
  /** `whose`: the masked address and the counts (DATA_RIGHTS.auditTarget), on entries written since issue 21.9. */
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

/** Delete confirmations (spec section 5), shown with the browser's confirm(). */
export const CONFIRM = {
  content: 'Are you sure you want to delete this content?',
  service: 'Are you sure you want to delete this service?',
  career: 'Are you sure you want to delete this career?',
  course: 'Are you sure you want to delete this course?',
  /** Beyond the spec: an empty or non-numeric stats value is saved as 0 (spec section 5), so ask first. */
  statsZero: (current: number) => `This sets the total courses from ${current} to 0. Save 0?`,
} as const;

/** What a family's item is called in a sentence of the Activity screen (the registry's definitions use them). */
export const FAMILY_NOUNS = {
  contact: { noun: 'contact message', unnamed: 'a contact message' },
  enroll: { noun: 'enrolment request', unnamed: 'an enrolment request' },
  assessment: { noun: 'assessment request', unnamed: 'an assessment request' },
  siteSettings: 'the site settings',
  stats: 'the stats',
} as const;

/** Admin success, failure and empty-state messages (spec section 8 "Admin", "Success", "Admin empty states"). */
export const ADMIN = {
  homeContent: {
    fetchServerError: 'Server error occurred',
    noResponse: 'No response from server. Please check your connection.',
    fetchFailed: 'Failed to fetch content',
    saveFailed: 'Error processing your request',
    imageFailed: 'Error processing image',
    deleteFailed: 'Failed to delete content',
    added: 'Content added successfully',
    updated: 'Content updated successfully',
    deleted: 'Content deleted successfully!',
    empty: 'No content added yet',
  },
  homeCourse: {
    fetchFailed: 'Failed to fetch courses',
    addFailed: 'Failed to add course',
    updateFailed: 'Failed to update course',
    deleteFailed: 'Failed to delete course',
    added: 'Course added successfully!',
    updated: 'Course updated successfully!',
    deleted: 'Course deleted successfully!',
    empty: 'No courses available',
  },
  homeService: {
    invalidData: 'Invalid data format received',
    fetchFailed: 'Failed to fetch services',
    imageFailed: 'Error processing image. Please try again.',
    saveFailed: 'Failed to process your request',
    deleteFailed: 'Failed to delete service',
    added: 'Service added successfully!',
    updated: 'Service updated successfully!',
    deleted: 'Service deleted successfully!',
    empty: 'No services available. Add your first service above.',
    imageHint: 'Supports: JPG, PNG, GIF (Max: 5MB)',
  },
  serviceContent: {
    invalidData: 'Invalid data format received',
    fetchFailed: 'Failed to fetch contents',
    updateFailed: 'Failed to update content',
    addFailed: 'Failed to add content',
    deleteFailed: 'Failed to delete content',
    added: 'Content added successfully',
    updated: 'Content updated successfully',
    deleted: 'Content deleted successfully!',
    empty: 'No service contents found',
  },
  career: {
    fetchFailed: 'Failed to fetch careers',
    updateFailed: 'Failed to update career',
    addFailed: 'Failed to add career',
    deleteFailed: 'Failed to delete career',
    added: 'Career added successfully!',
    updated: 'Career updated successfully!',
    deleted: 'Career deleted successfully!',
    empty: 'No careers available',
    applyToLabel: 'How to apply (optional)',
    applyToHint:
      'An e-mail address or a web address starting with https://, for the Apply button. Leave empty to use the one in Site settings.',
  },
  contact: {
    fetchFailed: 'Failed to fetch contacts',
    deleteFailed: 'Failed to delete contact',
    deleted: 'Contact deleted successfully!',
    empty: 'No contact requests available',
  },
  enroll: {
    fetchFailed: 'Failed to fetch enrollments',
    deleteFailed: 'Failed to delete enrollment',
    deleted: 'Enrollment deleted successfully!',
    empty: 'No enrollment requests available',
  },
  /** Issue 25: security assessment requests (not a spec screen). */
  assessment: {
    fetchFailed: 'Failed to fetch assessment requests',
    deleteFailed: 'Failed to delete the assessment request',
    deleted: 'Assessment request deleted',
    empty: 'No assessment requests yet',
  },
  enrollCourse: {
    fetchFailed: 'Failed to load courses',
    addFailed: 'Failed to add course. Please try again.',
    deleteFailed: 'Failed to delete course',
    added: 'Course added successfully!',
    deleted: 'Course deleted successfully!',
    empty: 'No courses available. Add your first course above.',
    listTitle: (count: number) => `Available Courses (${count})`,
  },
  stats: {
    fetchFailed: 'Failed to fetch stats. Please try again later.',
    updateFailed: 'Failed to update stats. Please try again.',
    updated: 'Stats updated successfully',
  },
} as const;

/** The follow-up pipeline of requests (issue 11): statuses, notes, filters, badges and notifications. */
export const ENQUIRY = {
  statusInvalid: 'Please choose one of the listed statuses',
  nothingToUpdate: 'Send a status or a note to update',
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  dateRange: 'The start date must not be after the end date',
  limitInvalid: 'The page size must be a whole number from 1 to 500',
  cursorInvalid: 'The page cursor is not valid',
  updated: 'Request updated',
  updateFailed: 'Failed to update the request',
  /** The list is empty because of the filters, not because there are no requests (spec empty texts are for that). */
  noMatches: 'No requests match these filters',
  /** A filtered list read its most per call (SEARCH_SCAN_LIMIT) before filling a page: what it found is shown. */
  searchStopped: (searched: number) =>
    `Searched ${searched.toLocaleString('en-IN')} requests and stopped. Refine your search, or choose Load more to search older requests`,
  batchInvalid: 'Choose a batch from the list',
  statusLabels: {
    new: 'New',
    replied: 'Replied',
    closed: 'Closed',
    contacted: 'Contacted',
    enrolled: 'Enrolled',
    declined: 'Declined',
    waitlisted: 'Waitlisted',
    qualified: 'Qualified',
    'proposal-sent': 'Proposal sent',
    won: 'Won',
    lost: 'Lost',
  } as Record<string, string>,
  /** Issue 25.7: where a request came from, and the "by source" counts of a requests screen. */
  sourceLabel: 'Source',
  sourceFilter: 'Source',
  sourceAny: 'Any source',
  sourceInvalid: 'The source filter must be at most 100 characters',
  bySource: 'By source',
  direct: 'direct',
  deliveryLabels: {
    pending: 'Sending',
    sent: 'Notified',
    retrying: 'Retrying',
    failed: 'Not delivered',
  } as Record<string, string>,
} as const;

/** Issue 25.2: how the admin shows an assessment request (the form's choices, in staff's words). */
export const ASSESSMENT_ADMIN = {
  organisation: 'Organisation',
  scopeLabel: 'Scope',
  scope: {
    webApps: 'Web apps',
    apis: 'APIs',
    mobileApps: 'Mobile apps',
    ipAddresses: 'IP addresses',
    cloudAccounts: 'Cloud accounts',
  } as Record<string, string>,
  environmentLabel: 'Environment',
  environment: { production: 'Production', staging: 'Staging' } as Record<string, string>,
  complianceLabel: 'Compliance',
  compliance: {
    'cert-in': 'CERT-In',
    rbi: 'RBI',
    sebi: 'SEBI',
    iso27001: 'ISO 27001',
    'pci-dss': 'PCI DSS',
    client: "A client's demand",
    other: 'Other',
  } as Record<string, string>,
  wantedBy: 'Wanted by',
  nda: 'NDA first',
  yes: 'Yes',
  no: 'No',
  gstin: 'GSTIN',
  notes: 'Notes',
} as const;

/** The request CSV's column headers (issue 21.6): times are India Standard Time, as the header says. */
export const CSV_HEADERS = {
  received: 'Received (IST)',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  course: 'Course',
  message: 'Message',
  status: 'Status',
  note: 'Staff note',
  updated: 'Last updated (IST)',
  organisation: 'Organisation',
  scope: 'Scope',
  environment: 'Environment',
  compliance: 'Compliance',
  wantedBy: 'Wanted by',
  nda: 'NDA',
  gstin: 'GSTIN',
  notes: 'Notes',
  source: 'Source',
  /** A batch's roster (issue 22.5): the enrolment CSV filtered by batch. */
  batch: 'Batch',
  /** Issue 22.6: paid in full or not (empty when the request owes no fee and paid nothing). */
  paid: 'Paid',
  paidValues: { yes: 'Yes', no: 'No' },
  waitlistPlace: 'Waitlist place',
  /** An enrolment's money, on the enrolment CSV once some request has a batch, a fee or a payment. */
  reference: 'Reference',
  fee: 'Fee',
  amountPaid: 'Amount paid',
  balance: 'Balance',
} as const;

/** Notifications to staff about a stored submission (e-mail subject and text, webhook summary). */
export const NOTIFY = {
  contactSubject: (name: string) => `New contact message: ${name}`,
  enrollSubject: (name: string, course: string) => `New enrolment: ${name} — ${course}`,
  otherSubject: (family: string, title: string, name: string) =>
    family === 'assessment'
      ? `New assessment request: ${title} (${name})`
      : `New request: ${title} (${name})`,
  received: (when: string) => `Received: ${when}`,
  openInAdmin: (url: string) => `Open in the admin: ${url}`,
  fieldLabels: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    course: 'Course',
    batch: 'Batch',
    message: 'Message',
  } as Record<string, string>,
} as const;

/** The student's "Your enrolment" link, as staff meet it: the withdrawal it reports and the card's revoke button. */
export const ENROLMENT_LINK = {
  withdrawnNote: (when: string) => `Withdrawn by the student on ${when}, through their enrolment page.`,
  withdrawnSubject: (name: string, course: string) => `Enrolment withdrawn: ${name} — ${course}`,
  withdrawnLine: 'The student withdrew this enrolment request through their enrolment page.',
  revoke: 'Revoke the student’s enrolment link',
  revokeConfirm:
    'Revoke the student’s enrolment page link? The link they were sent stops working at once; they will need to contact you.',
  revoked: 'The enrolment link has been revoked.',
  revokeFailed: 'The enrolment link could not be revoked. Please try again.',
  withdrawnBadge: (when: string) => `Withdrawn by the student on ${when}`,
} as const;

/** Issue 23: the certificate screen's batch issuing and CSV import. */
export const CERTIFICATE_TOOLS = {
  batchHeading: 'Issue certificates for a batch',
  batchLabel: 'Batch',
  batchChoose: 'Choose a batch',
  showStudents: 'Show students',
  noStudents: 'No student of this batch is marked enrolled.',
  student: 'Student',
  has: (number: string) => `Has ${number}`,
  issuedOnLabel: 'Issued on',
  issue: (count: number) => `Issue ${count} ${count === 1 ? 'certificate' : 'certificates'}`,
  loadFailed: 'Failed to load the students of this batch',
  issueFailed: 'Failed to issue the certificates',
  importHeading: 'Import old certificates (CSV)',
  importHint:
    'Columns: number, holderName, issuedOn (YYYY-MM-DD), course (a catalogue course’s title) or courseName, and optionally holderEmail, validUntil, grade. Numbers are kept. Check the file first: nothing is imported while any row has an error. A long file is imported in parts; keep this page open until it says all are imported. Imported certificates send no e-mail.',
  fileLabel: 'CSV file',
  check: 'Check file',
  importNow: (count: number) => `Import ${count} ${count === 1 ? 'certificate' : 'certificates'}`,
  row: 'Row',
  column: 'Column',
  problem: 'Problem',
  importFailed: 'Failed to import the certificates',
  importResume: 'Finish the import',
} as const;

/** Issue 23: the e-mail a certificate's holder gets (server-made; no staff screen imports it). */
export const CERTIFICATE_MAIL = {
  subject: (course: string) => `Your certificate: ${course}`,
  greeting: (name: string) => `Dear ${name},`,
  issued: (course: string, number: string) =>
    `Congratulations! Your ${course} certificate, number ${number}, is attached as a PDF.`,
  verify: (url: string) =>
    `Anyone can check that it is genuine at ${url} (the QR code on it opens the same page).`,
  testimonial: (url: string, days: number) =>
    `Would you tell others about the course? Write a few words at ${url} (the link is yours alone and works for ${days} days; you can change or withdraw what you wrote there at any time).`,
  signature: 'The DeltaSecure training team',
} as const;

/**
 * Issue 25.5: the acknowledgement a sender gets. Nothing in it comes from the form (not even the name): anyone can
 * type a stranger's address, and the mail must not carry their words to it.
 */
export const ACKNOWLEDGE = {
  contact: {
    subject: 'We received your message',
    next: 'Someone from our team will reply within one working day.',
  },
  enroll: {
    subject: 'We received your enrolment request',
    next: 'Our training team will call you about batches, fees and dates within one working day.',
  },
  /** An enrolment whose answer asked for a fee: what it showed, so closing the page loses nothing. */
  payment: {
    next: 'Our training team will call you about your batch and dates within one working day.',
    due: (amount: string) => `Fee: ${amount}.`,
    payee: (payee: string, vpa: string) => `Pay it by UPI to ${payee} (${vpa}).`,
    quote: (reference: string) => `Quote your reference ${reference} with the payment.`,
    link: 'On a phone, this link opens your UPI app with the amount and reference filled in:',
    again:
      'Keep this e-mail: it is where to find these payment details again (the enrolment page shows them only once). If you lose it, call us quoting your reference and we will send them again.',
  },
  assessment: {
    subject: 'We received your security assessment request',
    next: 'Our security team will review the scope and reply within one working day with questions or a proposal.',
  },
  greeting: 'Hello,',
  reference: (reference: string) => `Your reference: ${reference}`,
  phone: (phone: string) => `If it is urgent, call us on ${phone}.`,
  notYou: 'If you did not send this, you can ignore this e-mail; we will not write again about it.',
  signature: 'DeltaSecure',
} as const;

/** Issue 25.5: the settings that switch the acknowledgement off per kind of request. */
export const ACK_SETTINGS = {
  contact: {
    label: 'Acknowledge contact messages by e-mail',
    hint: 'Sends the sender their reference and what happens next (never their own words).',
  },
  enroll: {
    label: 'Acknowledge enrolment requests by e-mail',
    hint: 'At most one acknowledgement per address per day, whatever the kind.',
  },
  assessment: {
    label: 'Acknowledge assessment requests by e-mail',
    hint: "The company's phone above is in it.",
  },
} as const;

/** Data-principal rights (DPDP Act 2023): erase and export everything held about one e-mail address. */
export const DATA_RIGHTS = {
  emailRequired: FORM_REQUIRED.email,
  erased: (contact: number, enroll: number, assessment = 0) =>
    `Erased ${contact} contact message${contact === 1 ? '' : 's'} and ${enroll} enrolment request${enroll === 1 ? '' : 's'}${assessment > 0 ? ` (and ${assessment} assessment request${assessment === 1 ? '' : 's'})` : ''}`,
  /** Issue 23: an erasure revokes the person's certificates, keeping their numbers. */
  certificatesRevoked: (count: number) =>
    `Revoked ${count} certificate${count === 1 ? '' : 's'} and removed the holder's name (the numbers stay, shown as revoked).`,
  testimonialsErased: (count: number) => `Deleted ${count} testimonial${count === 1 ? '' : 's'} they wrote.`,
  /** A paid enrolment's tax record stays, without the person's details (fees/tax-records.ts). */
  taxRecordsKept: (count: number) =>
    `Kept ${count} paid enrolment${count === 1 ? '' : 's'} as tax record${count === 1 ? '' : 's'} (receipt numbers, amounts, days, references and course) without the person's name, e-mail or phone, for 8 years after the financial year of payment, as Indian tax law requires.`,
  taxRecordsNote:
    'A paid enrolment is not deleted with the rest: its tax record (receipt numbers, amounts, days of payment, references and course) stays without the person’s name, e-mail or phone, for 8 years after the financial year it was paid in (Income-tax Act and CGST Act), then goes. The retention purge does the same. The export lists what would be kept.',
  eraseFailed: 'Failed to erase the data',
  exportFailed: 'Failed to export the data',
  summaryFailed: 'Failed to load the request counts',
  confirmErase: (email: string) =>
    `Erase every contact message and enrolment request from ${email}? Paid enrolments stay as tax records without their details. This cannot be undone.`,
  /** Issue 21: erasure and export are an owner's decision; an editor's Privacy screen says so. */
  ownersOnly: 'Only owners can export or erase personal data',
  /** The audit entry's target: whose (masked) and how much, never the address itself. */
  auditTarget: (maskedEmail: string, contact: number, enroll: number, trash: number | null, assessment = 0) =>
    `${maskedEmail}: ${contact} contact, ${enroll} enrolment${assessment > 0 ? `, ${assessment} assessment` : ''}${trash === null ? '' : `, ${trash} in the trash`}`,
} as const;

/** The owner's backup download in the admin (issue 14). */
export const BACKUP_COPY = {
  download: 'Download backup',
  hint: 'One archive of all content, enquiries and pictures. Keep it somewhere safe: it holds personal data.',
} as const;

/** Site settings (issue 12.7): the company details, About text, figures and footer line staff edit. */
/**
 * How to apply for a career, in its form and in Site settings (issue 21). Here, not in messages.ts, which the
 * public islands carry: only staff type one.
 */
export const APPLY_TO_INVALID = 'Please enter an e-mail address or a web address starting with https://';

export const SETTINGS = {
  updated: 'Site settings saved. The public pages show them after the next rebuild.',
  updateFailed: 'Failed to save the site settings',
  fetchFailed: 'Failed to load the site settings',
  restored: 'Earlier site settings restored. The public pages show them after the next rebuild.',
  restoreFailed: 'Failed to restore the earlier site settings',
  required: (label: string) => `${label} is required`,
  countInvalid: 'Must be a whole number from 0 to 1,000,000',
  urlInvalid: 'Please enter a full web address starting with https://',
  mapOriginInvalid: (origins: string) => `The map must be an embed address from one of: ${origins}`,
  linesInvalid: (min: number, max: number) => `Please enter ${min} to ${max} lines`,
} as const;

/** The stats' field (spec section 2: the Stats screen's input). */
export const STATS_LABELS = {
  totalCourses: 'Total courses',
} as const;

/** The settings the course pages and their fees read (issue 22): labels and hints of the Site settings form. */
/** Site settings of issue 25: the security page, the credentials, WhatsApp. */
export const TRUST_SETTINGS = {
  securityContactLabel: 'Security page: where to report (security.txt Contact)',
  securityContactHint:
    'A mailto: address (mailto:security@example.com) or an https:// link to a report form. Leave empty to use the company e-mail.',
  bountyOfferedLabel: 'Security page: we pay a bug bounty',
  bountyOfferedHint: 'Leave unticked to say that there is no paid bounty.',
  bountyTextLabel: 'Security page: bounty terms',
  bountyTextHint:
    'Shown when the bounty box is ticked: what is rewarded and how much. Leave empty for a short line.',
  credentialsLabel: 'Credentials',
  credentialsHint:
    'Certifications and empanelments the company holds (ISO 27001, CERT-In empanelment…), shown on About and Services. Leave empty for none.',
  credentialNoun: 'Credential',
  credentialName: 'Name',
  credentialNameRequired: 'Name is required',
  credentialIssuer: 'Issued by',
  credentialId: 'ID or certificate number',
  credentialVerifyUrl: 'Verification link',
  whatsappLabel: 'WhatsApp number',
  whatsappHint:
    'The number of the "Chat on WhatsApp" link on every public page, with its country code (+91 98765 43210). Leave empty to hide the link.',
} as const;

export const COURSE_SETTINGS = {
  refundPolicyLabel: 'Course pages: refund policy',
  refundPolicyHint: 'Shown on every course page that does not state its own. Leave empty for none.',
  upiVpaLabel: 'Course fees: UPI ID',
  upiVpaHint:
    'The UPI payee address fees are paid to, such as deltasecure@okhdfcbank. Leave empty to offer no UPI payment.',
  upiPayeeNameLabel: 'Course fees: UPI payee name',
  upiPayeeNameHint: 'The name a payer sees in the UPI app, as the bank account holds it.',
  gstinLabel: 'Course fees: GSTIN',
  gstinHint: 'The 15-character GST number printed on fee receipts. Leave empty if not registered.',
  upiMerchantCodeLabel: 'Course fees: UPI merchant code',
  upiMerchantCodeHint:
    'The four-digit merchant category code on your UPI merchant account (8299 for schools and training). With it, each enrolment’s payment link is a merchant payment carrying its own transaction reference. Without it the link asks the payer to pay a person: UPI apps show it as a payment to an individual, may warn the payer or hold the amount to their person-to-person limit, and the bank does not treat it as a business collection.',
  /** Shown to editors above the payment settings, which they see but cannot change. */
  ownersOnly:
    'Only owners can change where students pay: the UPI ID, payee name, merchant code and GSTIN are shown here read-only. Ask an owner to change them.',
} as const;

/** The e-mail every owner gets when the payment settings change (who, when, what, from where). */
export const PAYMENT_SETTINGS_ALERT = {
  subject: 'The website’s payment details were changed',
  intro: (who: string, when: string) =>
    `${who} changed where students pay course fees on the website, on ${when}:`,
  change: (label: string, from: string, to: string) =>
    `- ${label}: ${from ? `“${from}”` : '(empty)'} → ${to ? `“${to}”` : '(empty)'}`,
  address: (ip: string) => `The change came from the address ${ip}.`,
  check:
    'New enrolments are now asked to pay to these details. If you did not expect this change, sign in to the admin, check Site settings and the Activity log, and set a new password for the account that made it.',
  why: 'Every owner of the website gets this e-mail when the payment details change.',
  signature: 'DeltaSecure website',
} as const;

/** The content workflow in the admin (issue 12): order, drafts, undo, trash and history. */
export const WORKFLOW = {
  /** Announced to screen readers after a move (and shown to no one else). */
  moved: (title: string, position: number, count: number) =>
    `Moved ${title} to position ${position} of ${count}`,
  orderFailed: 'Failed to save the new order',
  /** A 409 on a reorder: the list changed under the admin (another admin added or deleted an item). */
  orderReloaded:
    'The list changed meanwhile (another change was saved first); it has been reloaded. Try again.',
  published: (title: string) => `${title} is published`,
  /** After the spec's "… added/updated successfully!" when the item was saved as a draft. */
  savedAsDraft: 'Saved as a draft: not on the site until published.',
  unpublished: (title: string) => `${title} is now a draft, hidden from the public site`,
  publishFailed: 'Failed to change the draft state',
  restored: (title: string) => `${title} restored`,
  restoreFailed: 'Failed to restore',
  historyFailed: 'Failed to load the history',
  historyEmpty: 'No earlier versions yet: the history starts with the first update.',
  trashFetchFailed: 'Failed to load the trash',
  trashEmpty: 'The trash is empty',
  /** An owner deletes a trash entry before the purge would (issue 21.11). */
  confirmPurge: (title: string) => `Delete “${title}” for good? It cannot be restored afterwards.`,
  purged: (title: string) => `${title} deleted for good`,
  purgeFailed: 'Failed to delete for good',
} as const;

/** Staff never lose work (issue 21): unsaved changes, their kept draft, and a save that met a newer version. */
export const EDITING = {
  /** Asked before an in-app navigation leaves a form with changes (the browser asks its own on a reload). */
  leave: 'You have unsaved changes. Leave this screen? They stay kept as a draft in this tab.',
  draftKept: (when: string) => `You have unsaved changes from ${when} that were not saved.`,
  draftRestore: 'Restore them',
  draftDiscard: 'Discard them',
  conflictHeading: 'Someone else saved this while you were editing',
  conflictWho: (who: string | null, when: string) =>
    `${who ?? 'Someone else'} saved the version now stored at ${when}. Your changes are still in the form.`,
  conflictReview: 'Review the differences',
  conflictHideReview: 'Hide the differences',
  conflictField: 'Field',
  conflictTheirs: 'Saved version',
  conflictYours: 'Your version',
  conflictSame: 'The saved version says the same as yours.',
  conflictKeepMine: 'Save my version over theirs',
  conflictDiscardMine: 'Discard my changes and load theirs',
  conflictLoadFailed: 'Failed to load the saved version',
} as const;

/** Words of the field kinds' admin inputs and list cells (src/admin/fields/). */
export const FIELD_COPY = {
  yes: 'Yes',
  no: 'No',
  /** A list card's line for a field that is not the title: its label, then its value. */
  cell: (label: string, value: string) => `${label}: ${value}`,
  /** The empty choice of a select or reference: nothing chosen yet. */
  choose: 'Choose…',
  /** Beside a reference whose item is not in the list (deleted, or not loaded yet): its stored id. */
  unknownItem: (id: string) => `Item ${id}`,
  referencesLoadFailed: 'The items to choose from could not be loaded. Reload the page to try again.',
  addEntry: (noun: string) => `Add ${noun}`,
  removeEntry: (noun: string, index: number) => `Remove ${noun} ${index}`,
  entryHeading: (noun: string, index: number) => `${noun} ${index}`,
  slugHint: 'Leave empty to make one from the title. A changed address keeps working: the old one redirects.',
  moneyHint: 'In rupees, such as 12500 or 12500.50',
  istHint: 'India Standard Time (IST)',
  markdownHint: 'Markdown: **bold**, *italic*, [link](https://…), lists with - and headings with #',
} as const;

/** The admin's markdown editor (issue 24): every markdown field of every family. */
export const MARKDOWN_EDITOR = {
  /** The editor's accessible name: the field's label first (what is seen is what is said), then what it is. */
  editorLabel: (label: string) => `${label} (Markdown editor)`,
  /** The preview's heading: a form may hold several markdown fields (a course's description and refund policy). */
  preview: (label: string) => `Preview of ${label}`,
  previewShow: 'Show preview',
  previewHide: 'Hide preview',
  previewEmpty: 'Nothing to preview yet.',
  insertPicture: 'Insert picture',
  pictureFile: 'Picture',
  pictureAlt: 'Alt text of the picture',
  pictureAltHint: 'Describes the picture for people who cannot see it; it is written into the text.',
  pictureFileRequired: 'Choose a picture',
  pictureAltRequired: 'Describe the picture for people who cannot see it',
  pictureUpload: 'Upload and insert',
  pictureCancel: 'Cancel',
  pictureUploading: (percent: number) => `Uploading the picture… ${percent}%`,
  pictureUnreadable: 'That picture could not be read. Try another file.',
  pictureFailed: 'The picture could not be uploaded. Try again.',
  pictureInserted: 'Picture inserted into the text.',
} as const;

/**
 * Publishing under the deploy budget (issue 26): when a saved change goes live, and the Publishing staff tool.
 * `when`/`day` are IST times as src/admin/format/publishing.ts words them.
 */
export const PUBLISHING = {
  /** After a save's success message (the spec's sentence stays as it is). */
  liveSoon: 'Live on the site in a few seconds.',
  liveToday: (time: string) => `Goes live at ${time} IST with today’s publish.`,
  liveOn: (day: string, time: string) => `Goes live on ${day} at ${time} IST with that day’s publish.`,
  budgetUsed: (when: string | null) =>
    `Queued: this month’s deploy budget is used up, so the site is not rebuilt until ${when ?? 'next month'} or an owner publishes now.`,
  heading: 'Publishing',
  hint: 'Edits go live within seconds and cost no deploy: the pages are made when visitors ask for them, and each save clears them from the CDN. Netlify’s free plan allows 300 credits a month and pauses the site when they run out; a production deploy (new code, or Publish now) costs 15.',
  loadFailed: 'Failed to load the publishing status',
  deploysLabel: 'Deploys this month',
  deploys: (used: number, budget: number) => `${used} of ${budget}`,
  creditsLabel: 'Estimated deploy credits',
  credits: (used: number, budget: number) => `${used} of ${budget} (traffic is counted apart)`,
  modeLabel: 'Right now',
  modes: {
    live: 'Edits go live within seconds.',
    tight: 'Edits go live within seconds; few deploys are left this month.',
    'budget-used': 'Edits go live within seconds; this month’s deploy budget is used up.',
  } as Record<string, string>,
  offLabel: 'No build hook is set: Publish now is off. Edits still go live within seconds.',
  nextLabel: 'An edit goes live',
  windowLabel: 'Daily publish window',
  window: (time: string) => `${time} IST`,
  lastLabel: 'Last deploy',
  lastNone: 'None this month',
  reasons: {
    edit: 'after an edit',
    'follow-up': 'after a burst of edits',
    window: 'at the daily publish',
    'publish-now': 'published now',
  } as Record<string, string>,
  lastBy: (when: string, reason: string, by?: string) => `${when}, ${reason}${by ? ` by ${by}` : ''}`,
  queueHeading: 'Waiting to go live',
  queueEmpty: 'Nothing is waiting: the site shows every saved change.',
  queued: (what: string, by: string | undefined, when: string) => `${what}${by ? `, by ${by}` : ''}, ${when}`,
  queuedItem: (title: string | undefined, section: string) => (title ? `“${title}” in ${section}` : section),
  publishNow: 'Publish now',
  publishing: 'Publishing…',
  publishCost: (credits: number, remainingAfter: number) =>
    `Costs one deploy (${credits} credits); ${remainingAfter} left this month afterwards.`,
  publishNone: 'No deploys are left this month: publishing now would risk the site being paused.',
  confirmPublish: (credits: number, remainingAfter: number) =>
    `Rebuild the site now? It spends one of this month’s deploys (${credits} credits); ${remainingAfter} remain afterwards.`,
  publishFailed: 'Failed to publish',
  ownersPublish: 'Only owners can publish now.',
} as const;

/**
 * The hints that tell the spec's course-like screens apart from the catalogue, without changing spec strings (the
 * catalogue's own words are in its families' files: src/families/trainer.ts, course.ts, batch.ts).
 */
export const CATALOGUE = {
  /** Issue 22.8: what the spec's course-like screens are, and where they show. */
  homeCourseHint:
    'The “Who Can JOIN” cards of the home page: who the training is for. Not the catalogue (Catalogue courses) nor the enrolment form’s names (Courses).',
  enrollCourseHint:
    'The names in the /enroll form’s course list, and how enrolment requests are filtered. The full prospectus of a course is under Catalogue courses.',
  /** Issue 22.8: the Stats screen's count of the catalogue, beside the typed figure. */
  publishedCourses: (count: number) =>
    `The catalogue lists ${count} published ${count === 1 ? 'course' : 'courses'}.`,
  useThisNumber: 'Use this number',
} as const;

/** Issue 22.6: the numbered fee receipt (a PDF) and the e-mail that carries it to the student. */
export const RECEIPT = {
  title: (number: string) => `Fee receipt ${number}`,
  subject: (company: string) => `Fee receipt from ${company}`,
  contacts: (email: string, phone: string) => [email, phone].filter(Boolean).join(' · '),
  gstin: (gstin: string) => `GSTIN: ${gstin}`,
  heading: 'Fee receipt',
  number: (number: string) => `Receipt no. ${number}`,
  date: (day: string) => `Date of payment: ${day} (IST)`,
  student: 'Received from',
  course: 'Course',
  batch: 'Batch',
  reference: 'Enrolment reference',
  amount: 'Amount received',
  paidBy: 'Paid by',
  upi: (upiRef: string) => `UPI, transaction reference ${upiRef}`,
  fee: 'Course fee',
  paidSoFar: 'Paid so far',
  balance: 'Balance due',
  gstNote: 'The fee includes GST where the course page says so.',
  gstIncludedNote: 'The course fee includes GST.',
  nameErased: '(details erased at the person’s request; tax record)',
  gstExtraNote: 'The course fee is before GST, which is charged on top of it (“+ GST” on the course page).',
  noGstNote: 'Issued by an entity not registered under GST.',
  computer: 'This receipt is computer-generated and needs no signature.',
  fileName: (number: string) => `receipt-${number.replaceAll('/', '-')}.pdf`,
  mailSubject: (number: string, company: string) => `Your fee receipt ${number} from ${company}`,
  mailText: (number: string, amount: string, reference: string) =>
    [
      'Hello,',
      '',
      `Thank you for your payment of ${amount} (enrolment reference ${reference}).`,
      `Your fee receipt ${number} is attached.`,
      '',
      'DeltaSecure',
      '',
    ].join('\n'),
} as const;

/** Issue 22.6: recording payments on the Enrollment Requests screen. */
export const PAYMENTS = {
  record: 'Record payment',
  kind: 'Kind',
  kinds: { payment: 'Payment received', refund: 'Refund given' },
  amount: 'Amount (₹)',
  upiRef: 'UPI transaction reference',
  paidOn: 'Paid on (IST)',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  receipt: (number: string) => `Receipt ${number}`,
  paid: 'Paid',
  balance: (due: string) => `Balance ${due}`,
  paidOf: (paid: string, fee: string) => `${paid} of ${fee} paid`,
  refunded: (amount: string) => `Refunded ${amount}`,
  reason: 'Why this day (kept with the payment)',
  taxRecord: 'Tax record',
  taxRecordLine: (erased: string, until: string) =>
    `Personal details erased ${erased}; the payments are kept until ${until}`,
  /** The enrolment card's facts (EnrolmentFacts.tsx). */
  reference: 'Reference',
  fee: 'Fee',
  noFee: 'No fee',
  paidLabel: 'Paid',
  balanceLabel: 'Balance',
  amountInvalid: 'Enter the amount in rupees, such as 12500 or 12500.50',
  failed: 'Failed to record the payment',
} as const;

/** Preview and share (issue 24.4): the content form's buttons and the shared links' list. */
export const PREVIEW = {
  preview: 'Preview',
  previewHint: 'Opens the page as it would look with what is in the form now, saved or not, in a new tab.',
  share: 'Share preview',
  sharing: 'Making a link…',
  shareHint:
    'A link anyone can open without signing in, showing the saved version of this item, until it expires or is revoked.',
  shared: (expires: string) => `Preview link made. It works until ${expires}.`,
  shareFailed: 'Failed to make a preview link',
  urlLabel: 'Preview link',
  copy: 'Copy link',
  copied: 'Link copied',
  linksHeading: 'Preview links that work now',
  linksEmpty: 'No preview link works now.',
  linksFailed: 'Failed to load the preview links',
  link: (created: string, by: string, expires: string) => `Made ${created} by ${by}, works until ${expires}`,
  revoke: 'Revoke',
  revokeLabel: (created: string) => `Revoke the preview link made ${created}`,
  revoked: 'Preview link revoked: it shows nothing now.',
  revokeFailed: 'Failed to revoke the preview link',
  saveFirst: 'Save the item to share a preview of it.',
} as const;

/** Issue 24.3: publishing and unpublishing at a set time, on every content family, and the Scheduled screen. */
export const SCHEDULE = {
  legend: 'Schedule (optional)',
  publishAt: 'Publish at (IST)',
  publishAtHint: 'Optional. The item goes live by itself at this time (checked every 5 minutes).',
  unpublishAt: 'Unpublish at (IST)',
  unpublishAtHint: 'Optional. The item leaves the public site by itself at this time.',
  heading: 'Scheduled',
  hint: 'What will go live or leave the public site by itself, and when (IST). Cancel keeps the item as it is now.',
  empty: 'Nothing is scheduled.',
  fetchFailed: 'Failed to fetch the scheduled changes',
  change: { publish: 'Goes live', unpublish: 'Leaves the site' },
  changeWord: { publish: 'publish', unpublish: 'unpublish' },
  family: 'Section',
  when: 'When',
  edit: 'Edit',
  cancel: 'Cancel',
  cancelling: 'Cancelling...',
  confirmCancel: (change: string, title: string) => `Cancel the scheduled ${change} of “${title}”?`,
  cancelled: (title: string) => `Schedule cancelled for “${title}”`,
  cancelFailed: 'Failed to cancel the scheduled change',
  /** The admin list's badge and the save's detail line. */
  /** Who the history and Activity name for the scheduler's changes. */
  actorName: 'Scheduler',
  goesLive: (when: string) => `Goes live ${when}`,
  leaves: (when: string) => `Leaves the site ${when}`,
} as const;
