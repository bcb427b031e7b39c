/**
 * The message catalogue, API half: the reasons the API answers with (refusals, conflicts, confirmations).
 * Visitors and staff see them when a page shows the server's reason; they live apart from messages.ts so the
 * public pages' JavaScript does not carry them.
 */
import { GENERIC } from './messages.ts';
import { ADMIN } from './staff-messages.ts';

/** Server-side messages that the spec does not name but a caller must understand (API contract). */
export const API = {
  notFoundRoute: 'Not found',
  itemNotFound: GENERIC.notFound,
  methodNotAllowed: 'Method not allowed',
  unauthorized: GENERIC.unauthorized,
  /** Issue 21: every admin route but the password change answers this until a temporary password is replaced. */
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
  /** Bytes that are no picture at all, whatever the file's name says (issue 21.11). */
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
  orderConflict: 'The order must list every current item exactly once. Reload the list and try again.',
  orderSaved: 'Order saved',
  orderInvalid: 'Send the new order as {"ids": [...]}',
  restored: 'Restored',
  /** An owner deleted a trash entry for good (issue 21.11). */
  purged: 'Deleted for good',
  restoreConflict: 'The item cannot be restored: its name is in use by another item.',
  revisionRestored: 'Version restored',
  /** The spec's words for a home course, said of a renamed enrollable course too. */
  courseUpdated: ADMIN.homeCourse.updated,
  publishedInvalid: 'Published must be true or false',
  /** A write's If-Match that is not an ETag this API gave (issue 21). */
  ifMatchInvalid: 'If-Match must be the ETag of the version you loaded, such as "3"',
  /**
   * A write made from an older version than the stored one (412, issue 21): who saved the newer one and when
   * (IST), and that nothing was saved.
   */
  staleWrite: (who: string | null, when: string) =>
    `${who ?? 'Someone else'} saved a newer version at ${when}, after you opened this one. Your changes were not saved.`,
} as const;
