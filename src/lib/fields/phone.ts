/** A phone number (the company's, on the site): digits with the usual +, spaces, brackets, dots and hyphens. */
import { FIELD_REASONS } from '../api-messages.ts';
import { PHONE_PATTERN } from '../schemas.ts';
import {
  asText,
  storedText,
  textRule,
  trimmedText,
  valueDiff,
  type FieldBase,
  type FieldKind,
} from './kind.ts';

export interface PhoneField<N extends string = string> extends FieldBase<N> {
  kind: 'phone';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  max: number;
}

export const phoneField = <const N extends string>(
  name: N,
  options: Omit<PhoneField<N>, 'name' | 'kind'>,
): PhoneField<N> => ({ name, kind: 'phone', ...options });

/** A phone number as a `tel:` link dials it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;

const text = (_field: PhoneField, value: unknown) => trimmedText(value);

export const phoneKind: FieldKind<PhoneField> = {
  input: (field) =>
    textRule({
      required: field.required,
      max: field.max,
      tooLong: field.reasons?.tooLong ?? FIELD_REASONS.tooLong(field.label, field.max),
      invalid: field.reasons?.invalid ?? FIELD_REASONS.phone(field.label),
      valid: (value) => PHONE_PATTERN.test(value),
    }),
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: text,
};
