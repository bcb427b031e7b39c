/** A web address (a course's syllabus PDF): https only unless the field allows http too. */
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

export interface UrlField<N extends string = string> extends FieldBase<N> {
  kind: 'url';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  max: number;
  /** Plain http is refused unless this says otherwise: a visitor's browser would warn, or be sent elsewhere. */
  allowHttp?: boolean;
}

export const urlField = <const N extends string>(
  name: N,
  options: Omit<UrlField<N>, 'name' | 'kind'>,
): UrlField<N> => ({ name, kind: 'url', ...options });

/** Whether `value` is an absolute web address with a host, of an allowed scheme. */
export function isWebAddress(value: string, allowHttp = false): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    const schemes = allowHttp ? ['https:', 'http:'] : ['https:'];
    return schemes.includes(url.protocol) && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

const text = (_field: UrlField, value: unknown) => trimmedText(value);

export const urlKind: FieldKind<UrlField> = {
  input: (field) => {
    const invalid = field.allowHttp ? FIELD_REASONS.urlOrHttp(field.label) : FIELD_REASONS.url(field.label);
    return textRule({
      required: field.required,
      max: field.max,
      tooLong: FIELD_REASONS.tooLong(field.label, field.max),
      invalid,
      valid: (value) => isWebAddress(value, field.allowHttp),
    });
  },
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: text,
};
