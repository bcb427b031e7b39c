/**
 * Field and message builders several families share: a family file reads as its fields, not as their plumbing.
 */
import { MAX_LENGTH } from '../lib/constants.ts';
import { VALIDATION } from '../lib/api-messages.ts';
import type {
  EmailField,
  ImageField,
  IntegerField,
  PhoneField,
  PointsField,
  TextField,
} from '../lib/fields.ts';
import { CSV_HEADERS } from '../lib/staff-messages.ts';
import type { ContentMessages, RequestCsvColumn, RequestDefinition } from './define.ts';

export const title = {
  name: 'title',
  kind: 'text',
  label: 'Title',
  max: MAX_LENGTH.title,
  required: VALIDATION.titleRequired,
} as const satisfies TextField;
export const description = {
  name: 'description',
  kind: 'textarea',
  label: 'Description',
  max: MAX_LENGTH.description,
  required: VALIDATION.descriptionRequired,
} as const satisfies TextField;
/** A web address a visitor follows (a researcher's profile). */
export const LINK_MAX = 2_000;
export const downscaled = { requiredOnCreate: true, browserDownscale: true, hint: null } as const;
export const image = <const O extends Omit<ImageField, 'name' | 'kind'>>(options: O) =>
  ({ name: 'image', kind: 'image', ...options }) as const satisfies ImageField;
export const points = <const O extends Omit<PointsField<'points'>, 'name' | 'kind' | 'label'>>(options: O) =>
  ({ name: 'points', kind: 'points', label: 'Points', ...options }) as const satisfies PointsField;

/**
 * The sender's name, e-mail address and phone number, which every request form asks for, with the spec's words
 * (the public forms' schemas, src/lib/schemas.ts, refuse with the same).
 */
export const senderFields = [
  {
    name: 'name',
    kind: 'text',
    label: CSV_HEADERS.name,
    max: MAX_LENGTH.name,
    required: VALIDATION.nameRequired,
  } as const satisfies TextField,
  {
    name: 'email',
    kind: 'email',
    label: CSV_HEADERS.email,
    max: MAX_LENGTH.email,
    required: VALIDATION.emailRequired,
    reasons: { invalid: VALIDATION.emailInvalid, tooLong: VALIDATION.tooLong(MAX_LENGTH.email) },
  } as const satisfies EmailField,
  {
    name: 'phone',
    kind: 'phone',
    label: CSV_HEADERS.phone,
    max: MAX_LENGTH.phone,
    required: VALIDATION.phoneRequired,
    reasons: { invalid: VALIDATION.phoneInvalid, tooLong: VALIDATION.tooLong(MAX_LENGTH.phone) },
  } as const satisfies PhoneField,
] as const;

/** A request's message: `required`, its message when missing, or null (optional). */
export const messageField = <const R extends string | null>(required: R) =>
  ({
    name: 'message',
    kind: 'textarea',
    label: CSV_HEADERS.message,
    max: MAX_LENGTH.message,
    required,
  }) as const satisfies TextField;

/** A list of short lines (qualifications, outcomes, a module's topics): none needed, none fixed. */
export const lines = <const N extends string>(name: N, label: string, max: number) =>
  ({
    name,
    kind: 'points',
    label,
    min: 0,
    minMessage: '',
    max,
    fixed: 0,
    initial: 1,
    keepAtLeast: 0,
  }) as const satisfies PointsField<N>;
/** A catalogue screen's list messages, picked from its words (which hold its labels too). */
export const catalogueMessages = ({
  added,
  updated,
  deleted,
  empty,
  fetchFailed,
  addFailed,
  updateFailed,
  deleteFailed,
  imageFailed,
}: ContentMessages): ContentMessages => ({
  added,
  updated,
  deleted,
  empty,
  fetchFailed,
  addFailed,
  updateFailed,
  deleteFailed,
  imageFailed,
});
export const cataloguePicture = (folder: 'trainers' | 'courses') =>
  image({ folder, storedAs: 'fileName', requiredOnCreate: false, browserDownscale: true, hint: null });
/** A count of findings of one severity: none means 0. */
export const findings = <const N extends string>(name: N, label: string) =>
  ({ name, kind: 'integer', label, required: null, min: 0, max: 9_999 }) as const satisfies IntegerField<N>;
/** What an anonymous client's case study keeps to staff (src/lib/fields.ts publicView). */
export const ANONYMOUS = 'anonymous';

export const csvColumns = (...middle: RequestCsvColumn[]): readonly RequestCsvColumn[] => [
  { field: 'createdAt', header: CSV_HEADERS.received, format: 'time' },
  { field: 'name', header: CSV_HEADERS.name },
  { field: 'email', header: CSV_HEADERS.email },
  { field: 'phone', header: CSV_HEADERS.phone },
  ...middle,
  { field: 'message', header: CSV_HEADERS.message, multiline: true },
  { field: 'status', header: CSV_HEADERS.status, format: 'status' },
  { field: 'note', header: CSV_HEADERS.note, multiline: true },
  { field: 'updatedAt', header: CSV_HEADERS.updated, format: 'time' },
  // After the columns tests pin, and only once some request has one (decisions §34).
  { field: 'source', header: CSV_HEADERS.source, format: 'source', whenPresent: true },
];
export const requestMessages = (messages: RequestDefinition['messages']) => ({
  deleted: messages.deleted,
  empty: messages.empty,
  fetchFailed: messages.fetchFailed,
  deleteFailed: messages.deleteFailed,
});
