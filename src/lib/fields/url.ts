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
  /** A path of this site (`/verify`) is taken too: a link that may point inside the site or away. */
  allowPath?: boolean;
  /** The only origins it may point at (the Contact map, which the Content-Security-Policy must allow). */
  origins?: readonly string[];
  /** The reason when it points elsewhere; by default one naming the origins. */
  originReason?: string;
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

/** A path of this site: one leading slash (`//host` would leave the site), no spaces. */
export const isSitePath = (value: string) => /^\/(?!\/)\S*$/.test(value);

const text = (_field: UrlField, value: unknown) => trimmedText(value);

export const urlKind: FieldKind<UrlField> = {
  input: (field) => {
    const invalid =
      field.reasons?.invalid ??
      (field.allowHttp ? FIELD_REASONS.urlOrHttp(field.label) : FIELD_REASONS.url(field.label));
    const address = textRule({
      required: field.required,
      max: field.max,
      tooLong: field.reasons?.tooLong ?? FIELD_REASONS.tooLong(field.label, field.max),
      invalid,
      valid: (value) =>
        (field.allowPath === true && isSitePath(value)) || isWebAddress(value, field.allowHttp),
    });
    const { origins } = field;
    if (!origins) return address;
    // Only a readable address is checked for its origin: anything else already has its reason.
    return address.refine(
      (value) => !value || !isWebAddress(value, field.allowHttp) || origins.includes(new URL(value).origin),
      field.originReason ?? FIELD_REASONS.urlOrigin(field.label, origins),
    );
  },
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: text,
};
