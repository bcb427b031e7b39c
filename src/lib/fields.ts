/**
 * Field descriptions of the content families. A family lists its fields once; its input schema (what the API
 * and the admin form accept), its stored item schema (what the API answers and the build validates), its
 * TypeScript item type, its admin form, its admin list card and its CSV columns are all derived from them.
 */
import { z } from 'zod';
import type { ImageFolder } from './families.ts';
import { MAX_LENGTH } from './constants.ts';
import { API } from './api-messages.ts';
import { applyToText, optionalText, pointsSchema, requiredText, StoredMetaSchema } from './schemas.ts';

export interface TextField<N extends string = string> {
  name: N;
  /** `text` is one line (the item's title when it is the first), `textarea` several. */
  kind: 'text' | 'textarea';
  label: string;
  max: number;
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  /** Shown under the input in the admin form. */
  hint?: string | null;
  /** 'applyTo': an e-mail address or an https link (how to apply for a career). */
  format?: 'applyTo';
}

export interface PointsField<N extends string = string> {
  name: N;
  kind: 'points';
  label: string;
  /** The fewest non-empty points, and the message when there are fewer. */
  min: number;
  minMessage: string;
  max: number;
  /** Inputs the admin form starts with and that cannot be removed (service content: 4). */
  fixed: number;
  /** Inputs the admin form starts with. */
  initial: number;
  /** Points can be removed while more than this many inputs remain (career: 1). */
  keepAtLeast: number;
}

export interface ImageField {
  name: 'image';
  kind: 'image';
  folder: ImageFolder;
  /** Whether a create without an image is rejected with 'Please select an image'. */
  requiredOnCreate: boolean;
  /**
   * How the stored `image` value looks, so the spec's resolution rules hold:
   * 'path' is `/uploads/{folder}/{name}` (home content: "path or full URL");
   * 'fileName' is the bare name, resolved under `uploads/{folder}` (services, careers).
   */
  storedAs: 'path' | 'fileName';
  /** Spec section 5: home content, home service and service content are downscaled in the browser; careers are sent as picked. */
  browserDownscale: boolean;
  /** Shown under the admin's picker (home services: displayed, not enforced). */
  hint: string | null;
}

export type Field = TextField | PointsField | ImageField;
export type ValueField = TextField | PointsField;
/** The image rule of a family (its image field), as the image service and the handlers read it. */
export type ImageRule = ImageField;

export const textField = <const N extends string>(
  name: N,
  options: Omit<TextField<N>, 'name' | 'kind'> & { kind?: TextField['kind'] },
): TextField<N> => ({ name, kind: options.kind ?? 'text', ...options });

export const pointsField = <const N extends string>(
  name: N,
  options: Omit<PointsField<N>, 'name' | 'kind'>,
): PointsField<N> => ({ name, kind: 'points', ...options });

export const imageField = <const O extends Omit<ImageField, 'name' | 'kind'>>(options: O) =>
  ({ name: 'image', kind: 'image', ...options }) as ImageField & O;

/** The zod type a value field is checked with (input and stored alike: both yield these values). */
type SchemaOf<F> = F extends PointsField
  ? z.ZodType<string[], unknown>
  : F extends { required: null }
    ? z.ZodOptional<z.ZodType<string, unknown>>
    : z.ZodType<string, unknown>;

type ValueShape<F extends Field> = {
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
/** Every image-bearing family also takes an `alt` text: derived here, so a new family gets it for free. */
type AltShape<F extends Field> = [Extract<F, ImageField>] extends [never] ? object : { alt: OptionalText };
/** The workflow fields every content item carries (issue 12): its place in the order and its draft state. */
type WorkflowShape = { position: z.ZodOptional<z.ZodNumber>; published: z.ZodOptional<z.ZodBoolean> };
type PublishedInput = { published: z.ZodOptional<z.ZodType<boolean, unknown>> };

type MetaShape = (typeof StoredMetaSchema)['shape'];

export type InputSchemaOf<F extends Field> = z.ZodObject<
  ValueShape<F> & AltShape<F> & PublishedInput,
  z.core.$strict
>;
export type ItemSchemaOf<F extends Field> = z.ZodObject<
  MetaShape & ValueShape<F> & ImageShape<F> & WorkflowShape
>;

function textShape(field: TextField): z.ZodType {
  if (field.format === 'applyTo') {
    const text = applyToText(field.max);
    const required = field.required;
    return required === null ? text.optional() : text.refine((value) => value !== '', required);
  }
  return field.required === null ? optionalText(field.max) : requiredText(field.required, field.max);
}

const inputShape = (field: ValueField): z.ZodType =>
  field.kind === 'points' ? pointsSchema(field.min, field.minMessage, field.max) : textShape(field);

const storedShape = (field: ValueField): z.ZodType =>
  field.kind === 'points'
    ? z.array(z.string())
    : field.required === null
      ? z.string().optional()
      : z.string();

export const valueFields = (fields: readonly Field[]): ValueField[] =>
  fields.filter((field): field is ValueField => field.kind !== 'image');

export const imageFieldOf = (fields: readonly Field[]): ImageField | null =>
  fields.find((field): field is ImageField => field.kind === 'image') ?? null;

/** The alt text beside a picture: optional, trimmed, at most MAX_LENGTH.alt characters. */
export const ALT_FIELD = 'alt';
export const altInput = optionalText(MAX_LENGTH.alt);

/** `published` as JSON sends it (a boolean) and as a multipart form does (the text 'true' or 'false'). */
export const publishedInput = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: API.publishedInvalid }),
);

/** The strict input schema: unknown fields are refused, every value is trimmed and bounded. */
export function inputSchemaOf<F extends Field>(fields: readonly F[]): InputSchemaOf<F> {
  return z.strictObject({
    ...Object.fromEntries(valueFields(fields).map((field) => [field.name, inputShape(field)])),
    ...(imageFieldOf(fields) ? { [ALT_FIELD]: altInput } : {}),
    published: publishedInput.optional(),
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
    Object.fromEntries(valueFields(fields).map((field) => [field.name, storedShape(field)])),
  )
    .extend(
      image
        ? {
            image: image.requiredOnCreate ? z.string() : z.string().optional(),
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
    }) as unknown as ItemSchemaOf<F>;
}

/** The field shown as an item's name (in lists, confirmations, "Editing: …"): the first one-line text field. */
export function titleFieldOf(fields: readonly Field[]): string {
  const title = fields.find((field) => field.kind === 'text');
  if (!title) throw new Error('A content family needs a one-line text field for its title');
  return title.name;
}
