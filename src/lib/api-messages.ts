/**
 * The message catalogue, API half: the reasons the API answers with (refusals, conflicts, confirmations).
 * Visitors and staff see them when a page shows the server's reason; they live apart from messages.ts so the
 * public pages' JavaScript does not carry them.
 */
import { FORM_REQUIRED, GENERIC } from './messages.ts';
import { ADMIN } from './staff-messages.ts';

/** Server-side messages that the spec does not name but a caller must understand (API contract). */
export const API = {
  /** An editor's save or restore that would change where students pay (the labels of the fields it changes). */
  paymentSettingsOwnersOnly: (labels: readonly string[]) =>
    `Only owners can change the payment settings; this save changes ${labels.join(', ')}. Save it with them as they are, or ask an owner.`,
  paymentSettingOwnersOnly: 'Only owners can change this setting',
  /** A picture uploaded into a markdown body. */
  markdownPictureStored: 'Picture uploaded',
  /** Certificates. */
  certificateNotFound: 'No certificate has this number',
  certificateRevoked: 'Certificate revoked',
  certificateAlreadyRevoked: 'This certificate is already revoked',
  certificateRevokedKept:
    'A revoked certificate cannot be deleted: it stays, so anyone who checks its number learns it was revoked and why',
  /** Preview and share. */
  previewFamilyUnknown: 'Choose a content family that has a public page or section',
  previewIdRequired: 'Name the item to preview',
  previewShared: 'Preview link made',
  previewRevoked: 'Preview link revoked',
  enrolmentLinkRevoked: 'The student’s enrolment page link has been revoked',
  previewLinkNotFound: 'This item has no such preview link',
  revokeReasonRequired: 'Say why the certificate is revoked (at most 300 characters)',
  certificateBatchUnknown: 'No such batch',
  certificateBatchBusy: 'Certificates for this batch are being issued right now; try again in a minute',
  certificateBatchPick: 'Pick at least one student to issue certificates to',
  certificateBatchNotEnrolled:
    'These students are not enrolled in this batch: refresh the list and try again',
  certificateBatchIssued: (issued: number, skipped: number) =>
    `${issued} ${issued === 1 ? 'certificate' : 'certificates'} issued` +
    (skipped > 0 ? `; ${skipped} already had one` : ''),
  certificateImportBusy: 'Another certificate import is running; try again in a minute',
  certificateImportNotCsv: 'Send the certificates as a CSV file (text/csv)',
  certificateImportEmpty: 'The file has no certificates: a header row and at least one row are needed',
  certificateImportTooMany: (max: number) => `At most ${max} certificates in one import`,
  certificateImportColumns: (missing: string, unknown: string) =>
    `The header row must name the columns number, holderName, issuedOn and course or courseName` +
    (missing ? ` (missing: ${missing})` : '') +
    (unknown ? ` (not known: ${unknown})` : ''),
  certificateImportInvalid: (rows: number) =>
    `Nothing was imported: ${rows} ${rows === 1 ? 'row has' : 'rows have'} errors`,
  certificateImportChecked: (rows: number) =>
    `${rows} ${rows === 1 ? 'certificate' : 'certificates'} checked: ready to import`,
  certificateImported: (rows: number) => `${rows} ${rows === 1 ? 'certificate' : 'certificates'} imported`,
  certificateImportProgress: (done: number, total: number) =>
    `${done} of ${total} certificates imported so far`,
  certificateImportPending: (done: number, total: number) =>
    `An earlier import had stopped after ${done} of ${total} certificates: it is being finished first; import this file again afterwards`,
  certificateImportNumberRequired: 'An imported certificate keeps its number: the number is required',
  certificateImportNumberTwice: (row: number) => `The same number is on row ${row}`,
  certificateImportCourseUnknown: (course: string) =>
    `No catalogue course is called “${course}”: put a course that is not in the catalogue under courseName`,
  certificateImportBadCsv: (line: number) => `The CSV cannot be read near line ${line} (an unclosed quote?)`,
  /** The owner's view (`GET /api/v1/insights`). */
  insightsDayInvalid: 'Give the day as YYYY-MM-DD (an IST calendar day)',
  insightsRangeBackwards: 'The range must end on or after the day it starts',
  insightsRangeTooLong: (days: number) => `The range may span at most ${days} days`,
  notFoundRoute: 'Not found',
  itemNotFound: GENERIC.notFound,
  methodNotAllowed: 'Method not allowed',
  unauthorized: GENERIC.unauthorized,
  /** Every admin route but the password change answers this until a temporary password is replaced. */
  passwordChangeRequired: 'Choose a new password first: this account signed in with a temporary password.',
  forbiddenOrigin: GENERIC.forbidden,
  validation: GENERIC.validation,
  invalidJson: 'The request body is not valid JSON',
  unsupportedContentType: 'Unsupported content type',
  payloadTooLarge: 'The file is too large (max 5 MB)',
  requestTooLarge: 'The request is too large',
  invalidForm: 'The form data could not be read',
  /** A picture, but in a format the pipeline does not take (SVG, TIFF …), or one that cannot be decoded. */
  notAnImage: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
  /** Bytes that are no picture at all, whatever the file's name says. */
  notAPicture: 'This file is not a picture',
  imageTooManyPixels: 'The image has too many pixels',
  /** Says when to retry (the Retry-After seconds), so a refused visitor knows how long to wait. */
  rateLimited: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  imageTooSmall: (minShortSidePx: number) =>
    `The image is too small: its shorter side must be at least ${minShortSidePx} pixels`,
  storeUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  unexpected: GENERIC.unexpected,
  contactReceived: 'Message sent successfully!',
  enrollReceived: "Enrollment submitted successfully! We'll contact you soon.",
  /**
   * Refusals of an enrolment's `batch` (here, not in messages.ts, so the enrol form's JavaScript does
   * not carry them; the form shows the server's words).
   */
  batchUnknown: 'The chosen batch is not available',
  batchClosed: 'The chosen batch has already started; please choose another batch',
  batchOtherCourse: 'The chosen batch is for another course',
  /** Seats are counted: staff cannot enrol a student into a batch with no seat left. */
  batchFull:
    'This batch has no seat left, so the request cannot be marked enrolled. Free a seat first, or keep it on the waitlist.',
  batchFullRestore:
    'This enrolment cannot be restored: it was enrolled, and its batch has no seat left now. Free a seat first.',
  /** A submission sent again with the same Idempotency-Key while the first is still being stored. */
  submissionInProgress: 'Your submission is still being processed. Please wait a moment before trying again.',
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 16 to 100 letters, digits, hyphens or underscores (a UUID)',
  /** Payments staff record on an enrolment, and its fee receipt. */
  paymentRecorded: 'Payment recorded',
  refundRecorded: 'Refund recorded',
  paymentDuplicate: (upiRef: string) =>
    `A payment with UPI reference ${upiRef} is already recorded; a payment never counts twice`,
  paymentBusy: 'Another change to this enrolment is being saved. Please try again in a moment.',
  refundTooLarge: (paid: string) => `A refund cannot be more than what was paid (${paid})`,
  paymentAmountInvalid: 'Give the amount in whole paise, more than 0',
  paymentRefInvalid: 'Give the UPI transaction reference (letters and digits, 6 to 35)',
  paymentDateInvalid: 'Give the day it was paid as YYYY-MM-DD (IST), not in the future',
  paymentKindInvalid: 'The kind is payment or refund',
  paymentBeforeCourse: (day: string) =>
    `That day is before this batch’s course existed (${day}); check the day it was paid`,
  paymentBackdatedOwner: (year: string) =>
    `A payment dated before the financial year ${year} needs an owner to record it, with a reason`,
  paymentReasonRequired: 'Say why this payment is recorded with that day (kept with the payment)',
  paymentReasonInvalid: 'Keep the reason under 300 characters',
  receiptNone: 'No payment has been recorded on this enrolment, so it has no receipt yet',
  assessmentReceived:
    'Thank you. Your assessment request has reached us; we will reply within one working day.',
  orderConflict: 'The order must list every current item exactly once. Reload the list and try again.',
  orderSaved: 'Order saved',
  orderInvalid: 'Send the new order as {"ids": [...]}',
  restored: 'Restored',
  /** An owner deleted a trash entry for good. */
  purged: 'Deleted for good',
  restoreConflict: 'The item cannot be restored: its name is in use by another item.',
  revisionRestored: 'Version restored',
  /** The spec's words for a home course, said of a renamed enrollable course too. */
  courseUpdated: ADMIN.homeCourse.updated,
  publishedInvalid: 'Published must be true or false',
  /** A write's If-Match that is not an ETag this API gave. */
  ifMatchInvalid: 'If-Match must be the ETag of the version you loaded, such as "3"',
  /**
   * A write made from an older version than the stored one (412): who saved the newer one and when
   * (IST), and that nothing was saved.
   */
  staleWrite: (who: string | null, when: string) =>
    `${who ?? 'Someone else'} saved a newer version at ${when}, after you opened this one. Your changes were not saved.`,
} as const;

/** A list of names as people write it: "A", "A and B", "A, B and 2 more". */
const nameList = (names: readonly string[]) => {
  const shown = names.slice(0, 3).map((name) => `“${name}”`);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}` : (shown[0] ?? '');
};

/**
 * The reasons of the field kinds (src/lib/fields/): what the API answers beside a field, and what the admin form
 * shows there before sending. Each names the field by its label, so one sentence serves every family.
 */
export const FIELD_REASONS = {
  required: (label: string) => `${label} is required`,
  /** A public field repeats what the item keeps private (an anonymous client's name in the title). */
  privateShown: (label: string, privateLabel: string) =>
    `${label} contains the ${privateLabel.toLowerCase()}, which this item keeps off the public site`,
  markdownTooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  date: (label: string) => `${label} must be a date, such as 2026-03-14`,
  dateTime: (label: string) => `${label} must be a date and time, such as 2026-03-14 09:30`,
  integer: (label: string) => `${label} must be a whole number`,
  integerMin: (label: string, min: number) => `${label} must be at least ${min}`,
  integerMax: (label: string, max: number) => `${label} must be at most ${max}`,
  money: (label: string) => `${label} must be an amount in rupees, such as 12500 or 12500.50`,
  moneyMax: (label: string, max: string) => `${label} must be at most ${max}`,
  select: (label: string, options: readonly string[]) => `${label} must be one of: ${options.join(', ')}`,
  boolean: (label: string) => `${label} must be true or false`,
  url: (label: string) => `${label} must be a web address starting with https://`,
  urlOrHttp: (label: string) => `${label} must be a web address starting with https:// or http://`,
  email: (label: string) => `${label} must be an e-mail address, such as name@example.com`,
  urlOrigin: (label: string, origins: readonly string[]) =>
    `${label} must be an address from one of: ${origins.join(', ')}`,
  phone: (label: string) => `${label} must be a phone number, such as +91 98765 43210`,
  lines: (label: string, min: number, max: number) =>
    min === max
      ? `${label} needs ${min} ${min === 1 ? 'line' : 'lines'}`
      : `${label} needs ${min} to ${max} lines`,
  upiVpa: (label: string) =>
    `${label} must be a UPI ID: a name, @ and the bank's handle, such as deltasecure@okhdfcbank`,
  gstin: (label: string) =>
    `${label} must be a 15-character GSTIN, such as 27AAPFU0939F1ZV: 2 digits, the 10-character PAN, then 3 characters (check it for typos)`,
  mcc: (label: string) =>
    `${label} must be the four-digit merchant category code your bank or payment app gave you, such as 8299`,
  e164: (label: string) =>
    `${label} must be a mobile number in international form: the country code and number, 8 to 15 digits, such as +91 98765 43210`,
  contactUri: (label: string) =>
    `${label} must be a mailto: address or an https:// link, such as mailto:security@example.com`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  slug: (label: string) =>
    `${label} may hold only lower-case letters a-z, digits and single hyphens between them, such as ethical-hacking-101`,
  slugTaken: (label: string, slug: string, holder: string) =>
    `${label} “${slug}” is already used by “${holder}”: choose another`,
  reference: (label: string) => `${label}: choose an item from the list`,
  /** A certificate's number. */
  serialInvalid:
    'Number may hold only letters, digits and dashes (3 to 40 characters), such as DLT-2026-7KQ9-M2XH; leave it empty for a new one',
  serialTaken: (number: string) => `Number “${number.toUpperCase()}” is already used by another certificate`,
  serialFixed: 'A certificate’s number cannot change once issued',
  serialRetired: (number: string) =>
    `Number “${number.toUpperCase()}” belonged to a certificate that was deleted: a number is never issued again, and checking it answers revoked`,
  /** A completion certificate is dated, and issued, after its batch's last day (IST). */
  certificateBeforeBatchEnd: (lastDay: string) =>
    `This batch ends on ${lastDay}: its certificates can be issued, and dated, from the day after. An owner may issue one earlier with a reason.`,
  certificateEarlyOwnerOnly: 'Only an owner may issue a certificate before its batch ends',
  /** A testimonial shows its learner as verified: one whose certificate is revoked is not. */
  testimonialCertificateRevoked:
    'This learner’s certificate is revoked, so the testimonial cannot be shown as a verified learner’s',
  referenceMissing: (label: string) => `${label}: the chosen item no longer exists. Choose another.`,
  referencesMin: (label: string, min: number) =>
    `${label}: choose at least ${min} ${min === 1 ? 'item' : 'items'}`,
  referencesMax: (label: string, max: number) =>
    `${label}: choose at most ${max} ${max === 1 ? 'item' : 'items'}`,
  group: (label: string) => `${label} could not be read: send a list of entries`,
  groupMin: (label: string, min: number) =>
    `${label} needs at least ${min} ${min === 1 ? 'entry' : 'entries'}`,
  groupMax: (label: string, max: number) =>
    `${label} takes at most ${max} ${max === 1 ? 'entry' : 'entries'}`,
  groupEntry: (noun: string, entry: number, reason: string) => `${noun} ${entry}: ${reason}`,
  /** A trash restore refused (409): the item refers to an item that is gone (restore that one first). */
  restoreReferenceMissing: (label: string) =>
    `The item cannot be restored: the item it names as its ${label} no longer exists. Restore that one first.`,
  /** A trash restore refused (409): another item took its slug (or an old one) while it was in the trash. */
  restoreSlugTaken: (label: string, slug: string, holder: string) =>
    `The item cannot be restored: its ${label} “${slug}” is now used by “${holder}”.`,
  /** A delete refused (409) while other items refer to the item: who refers to it, so staff know what to change. */
  referencedBy: (names: readonly string[]) =>
    `This item cannot be deleted: ${nameList(names)} ${names.length === 1 ? 'refers' : 'refer'} to it. Change or delete ${names.length === 1 ? 'that item' : 'those items'} first.`,
} as const;

/**
 * The assessment form's and the lead source's refusals. Here, not in messages.ts: the admin's schemas
 * read them, and whatever an admin module uses of messages.ts is bundled into the islands chunk every public
 * page with an island loads (it cost /contact its last bytes of budget).
 */
export const ASSESSMENT_VALIDATION = {
  organisationRequired: 'Organisation is required',
  scopeInvalid: 'Each count must be a whole number from 0 to 10000',
  scopeEmpty: 'Tell us at least one thing to test',
  environmentRequired: 'Please choose production or staging',
  complianceInvalid: 'Please choose from the listed reasons',
  wantedByRequired: 'Please give a date as YYYY-MM-DD',
  wantedByPast: 'The date must not be in the past',
  ndaRequired: 'Please answer yes or no',
  gstinInvalid: 'Please enter a valid 15-character GSTIN',
  sourceInvalid: 'The source is not valid',
} as const;

/** Admin validation messages (spec section 5). */
export const VALIDATION = {
  imageRequired: 'Please select an image',
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  pointsMinFour: 'Please provide at least 4 non-empty points',
  pointsMinOne: 'Please add at least one point',
  courseTitleRequired: 'Course title is required',
  isActiveInvalid: 'isActive must be true or false',
  /** Beyond the spec: server-side checks the spec's browser-only forms never needed. */
  nameRequired: FORM_REQUIRED.name,
  emailRequired: FORM_REQUIRED.email,
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: FORM_REQUIRED.phone,
  phoneInvalid: 'Please enter a valid phone number',
  messageRequired: 'Message is required',
  courseRequired: FORM_REQUIRED.course,
  courseUnknown: 'The chosen course is not available',
  courseDuplicate: 'A course with this name already exists',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  pointsMaxTen: 'At most 10 points are allowed',
  pointsInvalid: 'Points must be a list of text',
  totalCoursesInvalid: 'Total courses must be a whole number of 0 or more',
} as const;

/** A scheduled publish or unpublish (publishAt, unpublishAt) that cannot be. */
export const SCHEDULE_REASONS = {
  unpublishBeforePublish: 'Unpublish at must be later than Publish at',
  unknownChange: 'Name the scheduled change to cancel: publish or unpublish',
  nothingScheduled: 'Nothing of that kind is scheduled for this item',
  cancelled: 'Scheduled change cancelled',
} as const;
