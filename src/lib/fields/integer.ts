/** A whole number within bounds (seats in a batch, hours of a course). Stored as a number; emptied, as null. */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { fromJsonText, valueDiff, type FieldBase, type FieldKind, type FormValue } from './kind.ts';

export interface IntegerField<N extends string = string> extends FieldBase<N> {
  kind: 'integer';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  min?: number;
  max?: number;
  /**
   * True: only a JSON number is taken, as the JSON-only singletons (stats, site settings) always took it; text
   * such as '12' is refused. Otherwise multipart text is read as JSON.
   */
  jsonOnly?: boolean;
}

export const integerField = <const N extends string>(
  name: N,
  options: Omit<IntegerField<N>, 'name' | 'kind'>,
): IntegerField<N> => ({ name, kind: 'integer', ...options });

/**
 * A number, or null for nothing. What cannot be read becomes NaN, which the schema refuses with the field's
 * message: passing the text on would let JSON read '1e3' as a thousand.
 */
export function numberFromForm(value: FormValue | undefined, read: (text: string) => number | null): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return null;
  return read(text) ?? Number.NaN;
}

/** A value that must be present unless `required` is null (then null or absent means nothing). */
export function presence(
  schema: z.ZodType<number, number>,
  required: string | null,
  invalid: string,
  jsonOnly = false,
): z.ZodType<number | null | undefined, unknown> {
  const read = z.union([z.null(), z.number({ error: invalid })], {
    error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) ?? invalid,
  });
  const number: z.ZodType = jsonOnly ? read : fromJsonText(read);
  if (required === null) return number.pipe(z.union([z.null(), schema])).optional();
  return number.pipe(z.number({ error: required })).pipe(schema);
}

export function integerSchema(field: IntegerField): z.ZodNumber {
  const own = field.reasons?.invalid;
  let schema = z.number().int(own ?? FIELD_REASONS.integer(field.label));
  if (field.min !== undefined)
    schema = schema.min(field.min, own ?? FIELD_REASONS.integerMin(field.label, field.min));
  if (field.max !== undefined)
    schema = schema.max(field.max, own ?? FIELD_REASONS.integerMax(field.label, field.max));
  return schema;
}

const text = (_field: IntegerField, value: unknown) => (typeof value === 'number' ? String(value) : '');

export const integerKind: FieldKind<IntegerField> = {
  input: (field) =>
    presence(
      integerSchema(field),
      field.required,
      field.reasons?.invalid ?? FIELD_REASONS.integer(field.label),
      field.jsonOnly,
    ),
  stored: (field) => (field.required === null ? z.number().int().nullable().optional() : z.number().int()),
  toForm: (field, value) => text(field, value),
  fromForm: (_field, value) =>
    numberFromForm(value, (input) => (/^[+-]?\d+$/.test(input) ? Number(input) : null)),
  text,
  diff: valueDiff(text),
  csv: text,
};
