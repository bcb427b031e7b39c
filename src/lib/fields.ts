/**
 * Field descriptions of the content families. A family lists its fields once; its input schema (what the API
 * and the admin form accept), its stored item schema (what the API answers and the build validates), its
 * TypeScript item type, its admin form, its admin list card, its History rows and its CSV columns are all derived
 * from them. Each kind is one module in ./fields/ (shared: descriptor, builder, schemas, text, CSV cell) and one in
 * src/admin/fields/ (form input, list cell); FIELD_KINDS joins the shared side, and the compiler checks it lists
 * every kind, so a new kind cannot be half-added. This file is the entry point the rest of the code imports.
 */
import { z } from 'zod';
import { MAX_LENGTH } from './constants.ts';
import { API } from './api-messages.ts';
import { optionalText, StoredMetaSchema } from './schemas.ts';
import { booleanKind, type BooleanField } from './fields/boolean.ts';
import { dateTimeKind, type DateTimeField } from './fields/date-time.ts';
import { dateKind, type DateField } from './fields/date.ts';
import { emailKind, type EmailField } from './fields/email.ts';
import { groupKind, type GroupField, type SubField, type SubKinds } from './fields/group.ts';
import { ALT_FIELD, imageKind, type ImageField } from './fields/image.ts';
import { integerKind, type IntegerField } from './fields/integer.ts';
import {
  isPrivateIn,
  type DiffWords,
  type FieldChange,
  type FieldKind,
  type FormValue,
  type ItemValues,
} from './fields/kind.ts';
import { linesKind, type LinesField } from './fields/lines.ts';
import { markdownKind, type MarkdownField } from './fields/markdown.ts';
import { moneyKind, type MoneyField } from './fields/money.ts';
import { phoneKind, type PhoneField } from './fields/phone.ts';
import { pointsKind, type PointsField } from './fields/points.ts';
import {
  referenceKind,
  referencesKind,
  type ReferenceField,
  type ReferencesField,
} from './fields/reference.ts';
import { selectKind, type SelectField } from './fields/select.ts';
import { slugHistoryKey, slugKind, type SlugField } from './fields/slug.ts';
import { textKind, type TextField } from './fields/text.ts';
import { urlKind, type UrlField } from './fields/url.ts';
import { PUBLISH_AT, SCHEDULE_FIELDS, UNPUBLISH_AT } from './schedule.ts';

export { booleanField, type BooleanField } from './fields/boolean.ts';
export { dateTimeField, type DateTimeField } from './fields/date-time.ts';
export { dateField, type DateField } from './fields/date.ts';
export { emailField, type EmailField } from './fields/email.ts';
export { groupField, type GroupField, type SubField } from './fields/group.ts';
export { ALT_FIELD, imageField, type ImageField } from './fields/image.ts';
export { integerField, type IntegerField } from './fields/integer.ts';
export {
  instantToUtc,
  istDayTimeToUtc,
  istDayToUtc,
  showIstDay,
  showIstDayTime,
  utcToIstDay,
  utcToIstDayTime,
} from './ist.ts';
export { isPrivateIn } from './fields/kind.ts';
export type {
  DiffWords,
  FieldChange,
  FieldPrivacy,
  FieldReasons,
  FormEntry,
  FormValue,
  ItemValues,
} from './fields/kind.ts';
export { linesField, type LinesField } from './fields/lines.ts';
export { markdownField, type MarkdownField } from './fields/markdown.ts';
export { formatPaise, moneyField, paiseToRupeesText, parseRupees, type MoneyField } from './fields/money.ts';
export { phoneField, telHref, type PhoneField } from './fields/phone.ts';
export { pointsField, type PointsField } from './fields/points.ts';
export {
  referenceField,
  referencesField,
  referredIds,
  type ReferenceField,
  type ReferencesField,
} from './fields/reference.ts';
export { selectField, type SelectField, type SelectOption } from './fields/select.ts';
export { isSlug, slugField, slugHistoryKey, slugify, slugsHeld, type SlugField } from './fields/slug.ts';
export { isGstin, isUpiVpa, textField, type TextField } from './fields/text.ts';
export { isWebAddress, urlField, type UrlField } from './fields/url.ts';

export type Field =
  | TextField
  | PointsField
  | ImageField
  | MarkdownField
  | DateField
  | DateTimeField
  | IntegerField
  | MoneyField
  | SelectField
  | BooleanField
  | UrlField
  | EmailField
  | PhoneField
  | LinesField
  | SlugField
  | ReferenceField
  | ReferencesField
  | GroupField;
export type ValueField = Exclude<Field, ImageField>;
/** The image rule of a family (its image field), as the image service and the handlers read it. */
export type ImageRule = ImageField;

/** The field of a kind (`text` and `textarea` are one descriptor type, as are the two references). */
export type OfKind<Union, K> = Union extends { kind: infer Kinds }
  ? K extends Kinds
    ? Union
    : never
  : never;
/** Every kind's shared module, keyed by kind: the type the compiler checks FIELD_KINDS against. */
export type FieldKinds = { [K in Field['kind']]: FieldKind<OfKind<Field, K>> };

const SUB_KINDS = {
  text: textKind,
  textarea: textKind,
  points: pointsKind,
  markdown: markdownKind,
  integer: integerKind,
  money: moneyKind,
  boolean: booleanKind,
  select: selectKind,
  url: urlKind,
  email: emailKind,
  date: dateKind,
  dateTime: dateTimeKind,
  reference: referenceKind,
  references: referencesKind,
} satisfies SubKinds & { [K in SubField['kind']]: FieldKind<OfKind<SubField, K>> };

export const FIELD_KINDS = {
  ...SUB_KINDS,
  image: imageKind,
  slug: slugKind,
  group: groupKind(SUB_KINDS),
  phone: phoneKind,
  lines: linesKind,
} satisfies FieldKinds;

/** A field's kind module, for code that walks a family's fields whatever their kinds. */
export const kindOf = <F extends Field>(field: F) => FIELD_KINDS[field.kind] as unknown as FieldKind<F>;

/** A stored value as the admin form edits it. */
export const toFormValue = (field: Field, value: unknown): FormValue => kindOf(field).toForm(field, value);
/** The admin form's value as the API takes it. */
export const fromFormValue = (field: Field, value: FormValue | undefined): unknown =>
  kindOf(field).fromForm(field, value);
/** A stored value as people read it ('' for nothing): list cells, History, conflicts. */
export const fieldText = (field: Field, value: unknown): string => kindOf(field).text(field, value);
/** A stored value as its CSV cell. */
export const fieldCsv = (field: Field, value: unknown): string => kindOf(field).csv(field, value);
/** What a version says differently from the current item, field by field in the family's order. */
export const fieldChanges = (
  fields: readonly Field[],
  version: ItemValues,
  current: ItemValues,
  words: DiffWords,
): FieldChange[] => fields.flatMap((field) => kindOf(field).diff(field, version, current, words));

/** The value a field's schemas yield (input and stored alike). */
export type ValueOf<F> = F extends PointsField | ReferencesField | LinesField
  ? string[]
  : F extends IntegerField | MoneyField
    ? number
    : F extends BooleanField
      ? boolean
      : F extends GroupField<string, infer S>
        ? { [K in S['name']]?: ValueOf<Extract<S, { name: K }>> }[]
        : string;

/** The zod type a value field is checked with (input and stored alike: both yield these values). */
type SchemaOf<F> = F extends
  { required: null } | BooleanField | SlugField | ReferencesField | GroupField | (PointsField & { min: 0 })
  ? z.ZodOptional<z.ZodType<ValueOf<F> | (F extends IntegerField | MoneyField ? null : never), unknown>>
  : z.ZodType<ValueOf<F>, unknown>;

export type ValueShape<F extends Field> = {
  [K in Extract<F, ValueField>['name']]: SchemaOf<Extract<F, { name: K }>>;
};

type Size = z.ZodOptional<z.ZodNumber>;
type OptionalText = z.ZodOptional<z.ZodType<string, unknown>>;
type ImageExtras = { imageWidth: Size; imageHeight: Size; alt: OptionalText; imageUrl: OptionalText };
type ImageShape<F extends Field> = [Extract<F, ImageField>] extends [never]
  ? object
  : Extract<F, ImageField> extends { requiredOnCreate: true }
    ? { image: z.ZodString } & ImageExtras
    : { image: z.ZodOptional<z.ZodString> } & ImageExtras;
/** A slug field's earlier slugs, kept on the item so old addresses redirect. */
type SlugHistoryShape<F extends Field> = {
  [K in `${Extract<F, SlugField>['name']}History`]: z.ZodOptional<z.ZodArray<z.ZodString>>;
};
/** Every image-bearing family also takes an `alt` text: derived here, so a new family gets it for free. */
type AltShape<F extends Field> = [Extract<F, ImageField>] extends [never] ? object : { alt: OptionalText };
/** The workflow fields every content item carries: its place in the order and its draft state. */
type WorkflowShape = {
  position: z.ZodOptional<z.ZodNumber>;
  published: z.ZodOptional<z.ZodBoolean>;
  publishAt: z.ZodOptional<z.ZodString>;
  unpublishAt: z.ZodOptional<z.ZodString>;
};
/** `published`, and the scheduled changes ('' or null clears one). */
type PublishedInput = {
  published: z.ZodOptional<z.ZodType<boolean, unknown>>;
  publishAt: z.ZodOptional<z.ZodType<string, unknown>>;
  unpublishAt: z.ZodOptional<z.ZodType<string, unknown>>;
};

type MetaShape = (typeof StoredMetaSchema)['shape'];

export type InputSchemaOf<F extends Field> = z.ZodObject<
  ValueShape<F> & AltShape<F> & PublishedInput,
  z.core.$strict
>;
export type ItemSchemaOf<F extends Field> = z.ZodObject<
  MetaShape & ValueShape<F> & ImageShape<F> & SlugHistoryShape<F> & WorkflowShape
>;

export const valueFields = (fields: readonly Field[]): ValueField[] =>
  fields.filter((field): field is ValueField => field.kind !== 'image');

export const imageFieldOf = (fields: readonly Field[]): ImageField | null =>
  fields.find((field): field is ImageField => field.kind === 'image') ?? null;

/** The fields of a kind, typed (the server's slug and reference rules walk them). */
export const fieldsOfKind = <K extends Field['kind']>(fields: readonly Field[], kind: K) =>
  fields.filter((field): field is OfKind<Field, K> => field.kind === kind);

export const altInput = optionalText(MAX_LENGTH.alt);

/** What a picture brings to an item beside its `image` value: hidden with it. */
const PICTURE_EXTRAS = ['image', 'imageWidth', 'imageHeight', ALT_FIELD, 'imageUrl'] as const;

/**
 * An item as the public may see it: every field the item keeps private (`privateWhen`,
 * `publicWhen`) left out, a private picture with its size, alt text and URL. The public API's list and item and
 * the build's loaders all go through here, so no page, answer or sitemap can show what they do not hold.
 */
export function publicView<T extends ItemValues>(fields: readonly Field[], item: T): T {
  const hidden = fields
    .filter((field) => isPrivateIn(field, item))
    .flatMap((field): readonly string[] => (field.kind === 'image' ? PICTURE_EXTRAS : [field.name]));
  if (hidden.length === 0) return item;
  return Object.fromEntries(Object.entries(item).filter(([name]) => !hidden.includes(name))) as T;
}

/** `published` as JSON sends it (a boolean) and as a multipart form does (the text 'true' or 'false'). */
export const publishedInput = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: API.publishedInvalid }),
);

/**
 * A scheduled change's time, read by the date-time kind (an IST wall-clock time or a zoned instant,
 * stored UTC); '' or null clears it. Optional: a save that leaves it out keeps the stored one.
 */
const scheduleInputs = Object.fromEntries(
  SCHEDULE_FIELDS.map((field) => [
    field.name,
    z.preprocess((value) => (value === null ? '' : value), dateTimeKind.input(field)).optional(),
  ]),
);

/** The strict input schema: unknown fields are refused, every value is trimmed and bounded. */
export function inputSchemaOf<F extends Field>(fields: readonly F[]): InputSchemaOf<F> {
  return z.strictObject({
    ...Object.fromEntries(valueFields(fields).map((field) => [field.name, kindOf(field).input(field)])),
    ...(imageFieldOf(fields) ? { [ALT_FIELD]: altInput } : {}),
    published: publishedInput.optional(),
    ...scheduleInputs,
  }) as unknown as InputSchemaOf<F>;
}

/**
 * The stored item schema, with what the API adds to every content item: `position` (its place in the order),
 * `published` (false for a draft) and, on image families, `alt` and `imageUrl`.
 */
export function itemSchemaOf<F extends Field>(fields: readonly F[]): ItemSchemaOf<F> {
  const image = imageFieldOf(fields);
  const size = z.number().int().positive().optional();
  return StoredMetaSchema.extend(
    Object.fromEntries(valueFields(fields).map((field) => [field.name, kindOf(field).stored(field)])),
  )
    .extend(
      Object.fromEntries(
        fieldsOfKind(fields, 'slug').map((field) => [slugHistoryKey(field), z.array(z.string()).optional()]),
      ),
    )
    .extend(
      image
        ? {
            image: imageKind.stored(image),
            imageWidth: size,
            imageHeight: size,
            [ALT_FIELD]: z.string().optional(),
            imageUrl: z.string().optional(),
          }
        : {},
    )
    .extend({
      position: z.number().int().min(0).optional(),
      published: z.boolean().optional(),
      [PUBLISH_AT]: z.string().optional(),
      [UNPUBLISH_AT]: z.string().optional(),
    }) as unknown as ItemSchemaOf<F>;
}

/** Items in the order staff gave them (`position`), as every page lists them; an item without one comes last. */
export const byPosition = (a: unknown, b: unknown): number => positionOf(a) - positionOf(b);
const positionOf = (item: unknown): number => {
  const position = (item as { position?: unknown }).position;
  return typeof position === 'number' ? position : Number.MAX_SAFE_INTEGER;
};

/** The field shown as an item's name (in lists, confirmations, "Editing: …"): the first one-line text field. */
export function titleFieldOf(fields: readonly Field[]): string {
  const title = fields.find((field) => field.kind === 'text');
  if (!title) throw new Error('A content family needs a one-line text field for its title');
  return title.name;
}

/**
 * A singleton's values (stats, site settings): every field by name, an optional one left empty holding its empty
 * value ('' for text), so the build and the admin read every key.
 */
export type SingletonValues<F extends ValueField> = { [G in F as G['name']]: ValueOf<G> };

/**
 * What a field holds when it is left out of a singleton's save: what its kind makes of an empty admin input ('' for
 * text, null for a number), or nothing when the kind refuses that (the field is required).
 */
function emptyValueOf(field: ValueField): { value: unknown } | null {
  const kind = kindOf(field);
  const read = kind.input(field).safeParse(kind.fromForm(field, kind.toForm(field, undefined)));
  return read.success && 'required' in field && field.required === null ? { value: read.data } : null;
}

/**
 * What a singleton's save accepts: every field through its kind's input rule, unknown fields refused; an optional
 * field left out is stored empty, as a cleared input would be.
 */
export function singletonInputSchemaOf<F extends ValueField>(
  fields: readonly F[],
): z.ZodType<SingletonValues<F>, unknown> {
  const empties = fields.flatMap((field) => {
    const empty = emptyValueOf(field);
    return empty ? [[field.name, empty.value] as const] : [];
  });
  return z
    .strictObject(Object.fromEntries(fields.map((field) => [field.name, kindOf(field).input(field)])))
    .transform((values) => {
      const filled: Record<string, unknown> = { ...values };
      for (const [name, value] of empties) filled[name] ??= value;
      return filled;
    }) as unknown as z.ZodType<SingletonValues<F>, unknown>;
}

/** A singleton's values as stored and answered: each field as its kind stores it. */
export const singletonValuesShapeOf = (fields: readonly ValueField[]) =>
  Object.fromEntries(fields.map((field) => [field.name, kindOf(field).stored(field)]));
