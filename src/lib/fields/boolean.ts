/** Yes or no (a course is featured): a checkbox, stored as true or false, absent meaning false. */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { FIELD_COPY } from '../staff-messages.ts';
import { valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface BooleanField<N extends string = string> extends FieldBase<N> {
  kind: 'boolean';
}

export const booleanField = <const N extends string>(
  name: N,
  options: Omit<BooleanField<N>, 'name' | 'kind'>,
): BooleanField<N> => ({ name, kind: 'boolean', ...options });

const text = (_field: BooleanField, value: unknown) => (value === true ? FIELD_COPY.yes : FIELD_COPY.no);

export const booleanKind: FieldKind<BooleanField> = {
  // JSON sends a boolean; a multipart form the text 'true' or 'false'.
  input: (field) =>
    z
      .preprocess(
        (value) => (value === 'true' ? true : value === 'false' ? false : value),
        z.boolean({ error: FIELD_REASONS.boolean(field.label) }),
      )
      .optional(),
  stored: () => z.boolean().optional(),
  toForm: (_field, value) => value === true,
  fromForm: (_field, value) => value === true,
  text,
  diff: valueDiff(text),
  csv: text,
};
