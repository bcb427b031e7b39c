/**
 * Labels of the admin app that the spec does not fix (headings, buttons, field labels). Every error, empty,
 * success and confirmation string of the spec comes from src/lib/messages.ts or staff-messages.ts instead.
 */
import { brandName, siteConfig } from '../lib/site-config.ts';

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
  loading: 'Loading...',
  skipToContent: 'Skip to content',
  dismiss: 'Dismiss message',
  /** Each screen's document title, e.g. 'Career | Admin | DeltaSecure'. */
  documentTitle: (screen: string) => `${screen} | Admin | ${brandName}`,
  loginTitle: 'Login',
} as const;

export const LOGIN = {
  heading: 'Admin Login',
  userIdLabel: 'User ID',
  /**
   * Fixed and disabled (spec) while the bootstrap owner is the only account; once there are more people the
   * field is editable and empty (issue 13).
   */
  userId: `admin@${siteConfig.email.split('@')[1] ?? 'example.com'}`,
  passwordLabel: 'Password',
  passwordPlaceholder: 'Enter your password',
  submit: 'Login',
  submitting: 'Logging in...',
} as const;

/** The Account, Team and Activity screens (issue 13). */
export const ACCOUNT = {
  heading: 'Account',
  signedInAs: (name: string, userId: string, role: string) => `Signed in as ${name} (${userId}), ${role}`,
  passwordHeading: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 12 characters; not a common password.',
  changePassword: 'Change password',
  passkeysHeading: 'Passkeys',
  passkeyName: 'Passkey name',
  addPasskey: 'Add a passkey',
  removePasskey: 'Remove',
  noPasskeys: 'No passkeys yet.',
  added: (date: string) => `added ${date}`,
  sessionsHeading: 'Signed-in devices',
  thisDevice: 'this device',
  lastSeen: (date: string) => `last active ${date}`,
  signOutOthers: 'Sign out other devices',
} as const;

export const TEAM = {
  heading: 'Team',
  addHeading: 'Add a person',
  userId: 'User ID',
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
} as const;

export const ACTIVITY = {
  heading: 'Activity',
  actor: 'Person (user ID)',
  action: 'Action',
  anyAction: 'Any action',
  filter: 'Filter',
  when: 'When',
  target: 'Target',
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
  inputLabel: 'Total courses',
  update: 'Update Stats',
} as const;
