/**
 * Labels of the admin app that the spec does not fix (headings, buttons, field labels). Every error, empty,
 * success and confirmation string of the spec comes from src/lib/messages.ts or staff-messages.ts instead.
 */
import { TRASH_RETENTION_DAYS } from '../lib/constants.ts';
import { BOOTSTRAP_USER_ID } from '../lib/identity.ts';
import { brandName, siteConfig } from '../lib/site-config.ts';
import { STATS_LABELS } from '../lib/staff-messages.ts';

export const SHELL = {
  title: `${siteConfig.brandFirst} Admin`,
  /** Shown instead of the title at widths of 768 px or less (spec section 2). */
  titleShort: siteConfig.brandFirst.charAt(0),
  headerLabel: 'Admin',
  logout: 'Logout',
  loggingOut: 'Logging out...',
  navLabel: 'Admin sections',
  /** The navigation of the screens beyond the spec's nine (trash, site settings, privacy, account …). */
  toolsNavLabel: 'Staff tools',
  /** The navigation of the course catalogue's screens: trainers, catalogue courses, batches. */
  catalogueNavLabel: 'Course catalogue',
  /** The phone's menu button (576 px or less): its state is aria-expanded, so the name stays the same. */
  menu: 'Menu',
  /** Opens the public site in a new tab, leaving the admin where it was. */
  viewSite: 'View site',
  viewSiteHint: '(opens in a new tab)',
  /** The header's line about the signed-in person, e.g. 'Signed in as Asha (Owner)'. */
  signedInAs: (name: string, role: string) => `Signed in as ${name} (${role})`,
  loading: 'Loading...',
  /** A screen whose code could not be fetched (ScreenLoadBoundary): a dropped connection, or a deploy since. */
  screenLoadFailed: 'This screen could not be loaded. Check your connection, then reload the page.',
  reload: 'Reload',
  skipToContent: 'Skip to content',
  dismiss: 'Dismiss message',
  /** Each screen's document title, e.g. 'Career | Admin | DeltaSecure'. */
  documentTitle: (screen: string) => `${screen} | Admin | ${brandName}`,
  loginTitle: 'Login',
  /** A sidebar badge's words (the number alone is what shows): the link's own name stays the screen's label. */
  newRequests: (count: number) => `${count} new`,
} as const;

export const LOGIN = {
  heading: 'Admin Login',
  userIdLabel: 'User ID',
  /**
   * Fixed and disabled (spec) while the bootstrap owner is the only account; once there are more people the
   * field is editable and empty. It shows the account's real user ID, the one a password manager
   * should save.
   */
  userId: BOOTSTRAP_USER_ID,
  passwordLabel: 'Password',
  passwordPlaceholder: 'Enter your password',
  submit: 'Login',
  submitting: 'Logging in...',
} as const;

/** The Account, Team and Activity screens. */
export const ACCOUNT = {
  heading: 'Account',
  signedInAs: (name: string, userId: string, role: string) => `Signed in as ${name} (${userId}), ${role}`,
  nameHeading: 'Your name',
  nameLabel: 'Name shown in the admin and the activity log',
  saveName: 'Save name',
  passwordHeading: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 12 characters; not a common password.',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  passkeysHeading: 'Passkeys',
  passkeyName: 'Passkey name',
  addPasskey: 'Add a passkey',
  removePasskey: 'Remove',
  noPasskeys: 'No passkeys yet.',
  added: (date: string) => `added ${date}`,
  sessionsHeading: 'Signed-in devices',
  thisDevice: 'this device',
  /** A signed-in device as a person names it (format/device-name.ts), e.g. 'Chrome on Android'. */
  browserOn: (browser: string, system: string) => `${browser} on ${system}`,
  someBrowser: 'A browser',
  unknownDevice: 'Unknown device',
  lastSeen: (date: string) => `last active ${date}`,
  signOutOthers: 'Sign out other devices',
} as const;

export const TEAM = {
  heading: 'Team',
  addHeading: 'Add a person',
  userId: 'User ID',
  /** The user-ID rule, shown under the field before anything is typed (the server's rule, USER_ID_PATTERN). */
  userIdHint: '2 to 64 characters: lower-case letters, digits, dots, dashes, underscores or @. No spaces.',
  name: 'Name',
  role: 'Role',
  roles: { owner: 'Owner', editor: 'Editor' },
  password: 'First password',
  add: 'Add person',
  listHeading: (count: number) => `People (${count})`,
  disable: 'Disable',
  enable: 'Enable',
  disabled: 'disabled',
  requirePasskey: 'Passkeys only',
  delete: 'Delete',
  you: 'you',
  /** An owner's way back in for a colleague who lost their password. */
  setTemporaryPassword: 'Set temporary password',
  temporaryPassword: 'Temporary password',
  saveTemporaryPassword: 'Save temporary password',
  mustChange: 'must choose a new password',
  /** An owner's address for the e-mail sent when the payment settings change. */
  alertEmail: 'Alert e-mail',
  alertEmailHint:
    'Where the website writes when someone changes the payment settings (UPI ID, payee name, merchant code, GSTIN). Every enabled owner with an address is told; with none, the staff notification address is. Leave empty for none.',
  alertEmailShown: (email: string) => `alerts to ${email}`,
  saveAlertEmail: 'Save alert e-mail',
} as const;

/** The only screen of an account signed in with a temporary password. */
export const PASSWORD_CHANGE = {
  heading: 'Choose a new password',
  temporaryPassword: 'Temporary password',
  submit: 'Save new password',
} as const;

export const ACTIVITY = {
  heading: 'Activity',
  actor: 'Person (user ID)',
  action: 'Action',
  anyAction: 'Any action',
  filter: 'Filter',
  /** The date range, in India Standard Time like every time on the screen. */
  from: 'From (IST)',
  to: 'To (IST)',
  when: 'When',
  who: 'Person',
  what: 'What happened',
  address: 'Address',
  loadMore: 'Load more',
} as const;

export const PASSKEY_LOGIN = {
  button: 'Sign in with a passkey',
  or: 'or',
} as const;

export const FORM = {
  title: 'Title',
  description: 'Description',
  image: 'Image',
  imageOptional: 'Image (optional)',
  imageDrop: 'Click to choose an image, or drag and drop it here',
  imageDropActive: 'Drop the image here',
  imageCurrent: 'Current image',
  imageSelected: 'Selected image preview',
  points: 'Points',
  point: (n: number) => `Point ${n}`,
  addPoint: 'Add point',
  removePoint: (n: number) => `Remove point ${n}`,
  add: 'Add',
  update: 'Update',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  processing: 'Processing...',
  deleting: 'Deleting...',
  uploadProgress: 'Upload progress',
  retry: 'Retry',
  loading: 'Loading...',
  editing: (title: string) => `Editing: ${title}`,
} as const;

export const REQUESTS = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  course: 'Course',
  message: 'Message',
  date: 'Date',
  exportCsv: 'Export CSV',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  showMore: 'Show more',
  showLess: 'Show less',
  /** Times are shown in India Standard Time, where the company works. */
  timeZoneLabel: 'IST',
  filters: 'Filter requests',
  /** The phone's button that shows the folded filters; the second form says some are set. */
  filtersToggle: 'Filters',
  filtersToggleActive: 'Filters (on)',
  search: 'Search',
  searchHint: 'Name, e-mail, phone or message',
  status: 'Status',
  anyStatus: 'All statuses',
  from: 'From',
  to: 'To',
  anyCourse: 'All courses',
  /** The catalogue batch a request is for, and the filter that gives a batch's roster. */
  batch: 'Batch',
  anyBatch: 'All batches',
  batchLine: (name: string, state: string, place: number | null) =>
    [name, state && `batch ${state}`, place && `waitlist #${String(place)}`].filter(Boolean).join(' · '),
  roster: 'Roster',
  rosterOf: (name: string) => `Roster of ${name}`,
  sort: 'Sort by date',
  newest: 'Newest first',
  oldest: 'Oldest first',
  clearFilters: 'Clear filters',
  person: 'Person',
  courseAndMessage: 'Course and message',
  statusOf: (name: string) => `Status of ${name}`,
  delivery: 'Notification',
  note: 'Note',
  noteFor: (name: string) => `Note for ${name}`,
  addNote: 'Add note',
  editNote: 'Edit note',
  saveNote: 'Save note',
  saving: 'Saving...',
  noteLength: (length: number, max: number) => `${length} / ${max} characters`,
  /** Who saved the note and when; absent on notes saved before that was recorded. */
  noteBy: (name: string, when: string) => `— ${name}${when ? `, ${when}` : ''}`,
  shown: (count: number, more: boolean) =>
    `Showing ${count} request${count === 1 ? '' : 's'}${more ? ' (more to load)' : ''}`,
} as const;

export const PRIVACY = {
  heading: 'Privacy',
  intro:
    'Export or erase everything stored about one person (India’s DPDP Act 2023): their contact messages and enrolment requests, including any in the trash.',
  emailLabel: 'E-mail address',
  export: 'Export data (JSON)',
  exporting: 'Exporting...',
  erase: 'Erase data',
  erasing: 'Erasing...',
  held: 'Stored now',
  contactCount: 'Contact messages',
  enrollCount: 'Enrolment requests',
  /** Shown once the site holds any. */
  assessmentCount: 'Assessment requests',
  trashCount: 'In the trash',
  exported: (email: string) => `Exported for ${email}`,
  erasedFor: (email: string) => `Erased for ${email}`,
  fileName: (day: string) => `personal-data-${day}.json`,
} as const;

export const COURSES = {
  heading: 'Enrollable Courses',
  nameLabel: 'Course name',
  namePlaceholder: 'e.g. Ethical Hacking',
  add: 'Add Course',
} as const;

export const STATS = {
  heading: 'Stats',
  current: 'Current total courses',
  inputLabel: STATS_LABELS.totalCourses,
  update: 'Update Stats',
} as const;

/** The Site settings screen: a staff tool beyond the spec's nine sections. */
export const SITE_SETTINGS = {
  heading: 'Site settings',
  intro:
    'The words of the public pages that are not content items (the home page, the About, Services, Contact and Careers pages), the figures, the contact details, the map, the certificate link and the footer line. A save shows on the public pages within seconds.',
  groups: {
    home: 'Home page',
    aboutPage: 'About page',
    servicesPage: 'Services page',
    contactPage: 'Contact page',
    careersPage: 'Careers page',
    securityPage: 'Security page (and security.txt)',
    acknowledgements: 'Acknowledgements to senders',
    courses: 'Course pages and fees',
    credentials: 'Credentials (About and Services pages)',
    contact: 'Contact details (footer, About and Contact pages)',
    map: 'Map on the Contact page',
    site: 'Navigation and footer',
  },
  save: 'Save settings',
  saving: 'Saving...',
  history: 'Earlier versions',
  historyEmpty: 'No earlier versions yet.',
  savedAt: (when: string) => `Saved ${when}`,
  current: (when: string) => `Saved ${when} (current)`,
  restore: 'Restore',
  restoreLabel: (when: string) => `Restore the version saved ${when}`,
} as const;

/** The content workflow's controls: order, drafts, alt text, undo, history and the trash. */
export const WORKFLOW_COPY = {
  altLabel: 'Alt text',
  altHint: 'Describes the picture for people who cannot see it. Leave empty to use the title.',
  saveAsDraft: 'Save as draft (hidden from the public site until published)',
  draft: 'Draft',
  publish: 'Publish',
  unpublish: 'Unpublish',
  moveUp: 'Move up',
  moveDown: 'Move down',
  dragHandle: 'Drag to reorder',
  undo: 'Undo',
  history: 'History',
  historyTitle: (title: string) => `History of ${title}`,
  close: 'Close',
  restore: 'Restore',
  restoring: 'Restoring...',
  savedAt: (when: string) => `Saved ${when}`,
  currentVersion: 'Same as the current version',
  differsIn: 'This version had:',
  emptyValue: '(empty)',
  otherPicture: 'a different picture',
  status: 'Status',
  publishedState: 'Published',
  trashHeading: 'Trash',
  trashHint: `Deleted items stay here for ${TRASH_RETENTION_DAYS} days; then they and their pictures are removed for good.`,
  family: 'Section',
  deletedAt: 'Deleted',
  deletedBy: 'Deleted by',
  purge: 'Delete for good',
  purging: 'Deleting...',
  /** Who saved a version of an item; absent for versions saved before it was recorded. */
  savedBy: (name: string) => `by ${name}`,
} as const;
