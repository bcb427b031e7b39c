/** An e-mail address (a trainer's), checked as the contact form checks a visitor's. */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import {
  asText,
  storedText,
  textRule,
  trimmedText,
  valueDiff,
  type FieldBase,
  type FieldKind,
} from './kind.ts';

export interface EmailField<N extends string = string> extends FieldBase<N> {
  kind: 'email';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  max: number;
}

export const emailField = <const N extends string>(
  name: N,
  options: Omit<EmailField<N>, 'name' | 'kind'>,
): EmailField<N> => ({ name, kind: 'email', ...options });

const EMAIL = z.email();
const text = (_field: EmailField, value: unknown) => trimmedText(value);

export const emailKind: FieldKind<EmailField> = {
  input: (field) =>
    textRule({
      required: field.required,
      max: field.max,
      tooLong: field.reasons?.tooLong ?? FIELD_REASONS.tooLong(field.label, field.max),
      invalid: field.reasons?.invalid ?? FIELD_REASONS.email(field.label),
      valid: (value) => EMAIL.safeParse(value).success,
    }),
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: text,
};
