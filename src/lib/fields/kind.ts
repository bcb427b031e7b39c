/**
 * What a field kind supplies on the shared side (browser and server, no React): one module per kind in this
 * folder, joined by kind in src/lib/fields.ts, whose table the compiler checks is complete. The admin side (form
 * input, list cell) is src/admin/fields/.
 */
import { z } from 'zod';
import { stripControl } from '../schemas.ts';

/** A value as the admin form holds it while it is edited: text, a checkbox, a list of lines, or group entries. */
export type FormValue = string | boolean | string[] | FormEntry[];
export interface FormEntry {
  [name: string]: FormValue;
}

/** A stored item as the kinds read it: its fields by name. */
export type ItemValues = Readonly<Record<string, unknown>>;

/** The words of a History or conflict row that are the admin's, passed in so this folder stays React- and admin-free. */
export interface DiffWords {
  empty: string;
  otherPicture: string;
  picture: string;
  alt: string;
}

/** One row of the History panel: the field's label and the version's value as text. */
export interface FieldChange {
  label: string;
  old: string;
}

export interface FieldKind<F> {
  /** What the API accepts for the field (JSON values; multipart sends non-text values as JSON text). */
  input: (field: F) => z.ZodType;
  /** What is stored and answered, as the build and the admin read it. */
  stored: (field: F) => z.ZodType;
  /** A stored value as the form edits it. */
  toForm: (field: F, value: unknown) => FormValue;
  /** The form's value as the API takes it; text that cannot be read is passed on for `input` to refuse. */
  fromForm: (field: F, value: FormValue | undefined) => unknown;
  /** The value as text (History, list cells, CSV by default); '' for nothing. */
  text: (field: F, value: unknown) => string;
  /** What the version says differently from the current item, for this field. */
  diff: (field: F, version: ItemValues, current: ItemValues, words: DiffWords) => FieldChange[];
  /** The field's CSV cell (before the CSV writer's quoting and formula guard). */
  csv: (field: F, value: unknown) => string;
}

/**
 * When a field's value stays on staff's side (an anonymous client's name): it never reaches the public
 * API (list and item), the build's data, a page or the sitemap. Both name boolean fields of the same item.
 */
export interface FieldPrivacy {
  /** Private while this boolean is true (`anonymous`). */
  privateWhen?: string;
  /** Public only while this boolean is true (a logo shown with the client's permission). */
  publicWhen?: string;
}

/** Whether an item keeps the field to itself (see FieldPrivacy). */
export const isPrivateIn = (field: FieldPrivacy, item: ItemValues): boolean =>
  (field.privateWhen !== undefined && item[field.privateWhen] === true) ||
  (field.publicWhen !== undefined && item[field.publicWhen] !== true);

/** The common parts of a value field's descriptor. */
export interface FieldBase<N extends string = string> extends FieldPrivacy {
  name: N;
  label: string;
  /** Shown under the input in the admin form. */
  hint?: string | null;
  /** The field's own words for a refused value, where they are not its kind's. */
  reasons?: FieldReasons;
}

/**
 * A field's own refusal words, over its kind's: the site settings keep the words they had before they were built
 * from the kinds, and a family may use them where the kind's label-based reason reads badly.
 */
export interface FieldReasons {
  /** Any value the kind refuses as malformed or out of bounds. */
  invalid?: string;
  /** A text longer than the field's `max`. */
  tooLong?: string;
}

/** The usual History row: the label, and the version's value when its text differs from the current one. */
export const valueDiff =
  <F extends FieldBase>(text: (field: F, value: unknown) => string) =>
  (field: F, version: ItemValues, current: ItemValues, words: DiffWords): FieldChange[] => {
    const old = text(field, version[field.name]);
    return old === text(field, current[field.name]) ? [] : [{ label: field.label, old: old || words.empty }];
  };

/** A stored text value: present, or absent when the field is optional (`required: null`). */
export const storedText = (field: { required: string | null }): z.ZodType =>
  field.required === null ? z.string().optional() : z.string();

export const asText = (value: unknown): string => (typeof value === 'string' ? value : '');
export const trimmedText = (value: unknown): string => asText(value).trim();
export const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((part): part is string => typeof part === 'string') : [];

/** Multipart forms send non-text values as JSON text: read it back, leaving text that is not JSON as it is. */
export const fromJsonText = (schema: z.ZodType) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/**
 * A one-line text rule: control characters stripped, trimmed, at most `max` characters, then `valid`. Optional
 * fields (required null) take '' as "nothing", as the text kinds always have.
 */
export function textRule(options: {
  required: string | null;
  max: number;
  tooLong: string;
  invalid: string;
  valid?: (value: string) => boolean;
}): z.ZodType<string | undefined, unknown> {
  const { required, max, tooLong, invalid, valid = () => true } = options;
  const text = z
    .string({ error: required ?? invalid })
    .transform(stripControl)
    .pipe(z.string().trim().max(max, tooLong));
  const checked = text.refine((value) => value === '' || valid(value), invalid);
  return required === null ? checked.optional() : checked.refine((value) => value !== '', required);
}
