/**
 * A reference to an item of another family (a batch's course: `reference`), or to several (a course's trainers:
 * `references`), stored as ids. The server refuses an id with no item behind it, and refuses to delete an item
 * that another item refers to, naming it (content-handler.ts).
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import {
  asList,
  fromJsonText,
  storedText,
  textRule,
  trimmedText,
  valueDiff,
  type FieldBase,
  type FieldKind,
} from './kind.ts';

export interface ReferenceField<N extends string = string> extends FieldBase<N> {
  kind: 'reference';
  /** The key of the family referred to. */
  to: string;
  /** The message for no choice; null makes the field optional. */
  required: string | null;
}

export interface ReferencesField<N extends string = string> extends FieldBase<N> {
  kind: 'references';
  /** The key of the family referred to. */
  to: string;
  min: number;
  max: number;
}

export const referenceField = <const N extends string>(
  name: N,
  options: Omit<ReferenceField<N>, 'name' | 'kind'>,
): ReferenceField<N> => ({ name, kind: 'reference', ...options });

export const referencesField = <const N extends string>(
  name: N,
  options: Omit<ReferencesField<N>, 'name' | 'kind'>,
): ReferencesField<N> => ({ name, kind: 'references', ...options });

/** The ids the store makes (and the API's item routes take). */
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The ids a reference field's value holds. */
export const referredIds = (field: ReferenceField | ReferencesField, value: unknown): string[] =>
  field.kind === 'reference' ? (trimmedText(value) ? [trimmedText(value)] : []) : asList(value);

const oneText = (_field: ReferenceField, value: unknown) => trimmedText(value);
const manyText = (_field: ReferencesField, value: unknown) => asList(value).join('; ');

export const referenceKind: FieldKind<ReferenceField> = {
  input: (field) =>
    textRule({
      required: field.required,
      max: 128,
      tooLong: field.reasons?.tooLong ?? FIELD_REASONS.reference(field.label),
      invalid: field.reasons?.invalid ?? FIELD_REASONS.reference(field.label),
      valid: (value) => ID.test(value),
    }),
  stored: storedText,
  toForm: (_field, value) => trimmedText(value),
  fromForm: (_field, value) => value,
  text: oneText,
  diff: valueDiff(oneText),
  csv: oneText,
};

export const referencesKind: FieldKind<ReferencesField> = {
  input: (field) => {
    const ids = fromJsonText(
      z
        .array(z.string().regex(ID, FIELD_REASONS.reference(field.label)), {
          error: FIELD_REASONS.reference(field.label),
        })
        .transform((ids) => [...new Set(ids)])
        .pipe(
          z
            .array(z.string())
            .min(field.min, FIELD_REASONS.referencesMin(field.label, field.min))
            .max(field.max, FIELD_REASONS.referencesMax(field.label, field.max)),
        ),
    );
    return field.min === 0 ? ids.optional() : ids;
  },
  stored: () => z.array(z.string()).optional(),
  toForm: (_field, value) => asList(value),
  fromForm: (_field, value) => value,
  text: manyText,
  diff: valueDiff(manyText),
  // One id per line, as points are written.
  csv: (_field, value) => asList(value).join('\n'),
};
