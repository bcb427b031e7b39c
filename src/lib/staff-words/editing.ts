/**
 * The content workflow in the admin: order, drafts, undo, trash, history, kept drafts, the field kinds' inputs, the markdown editor, publishing, preview and scheduling.
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */

/** The content workflow in the admin: order, drafts, undo, trash and history. */
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
  /** An owner deletes a trash entry before the purge would. */
  confirmPurge: (title: string) => `Delete “${title}” for good? It cannot be restored afterwards.`,
  purged: (title: string) => `${title} deleted for good`,
  purgeFailed: 'Failed to delete for good',
} as const;

/** Staff never lose work: unsaved changes, their kept draft, and a save that met a newer version. */
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

/** The admin's markdown editor: every markdown field of every family. */
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
 * Publishing: when a saved change goes live (within seconds, docs/decisions.md §76), and the Publishing staff tool.
 * `when`/`day` are IST times as src/admin/format/publishing.ts words them.
 */
export const PUBLISHING = {
  /** After a save's success message (the spec's sentence stays as it is). */
  liveSoon: 'Live on the site in a few seconds.',
  heading: 'Publishing',
  hint: 'Edits go live within seconds and cost no deploy: the pages are made when visitors ask for them, and each save clears them from the CDN. Only a change to the site’s code is deployed, from git; Netlify’s free plan allows 300 credits a month and a deploy costs 15.',
  loadFailed: 'Failed to load the publishing status',
  nextLabel: 'An edit goes live',
} as const;

/** Preview and share: the content form's buttons and the shared links' list. */
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

/** Publishing and unpublishing at a set time, on every content family, and the Scheduled screen. */
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
