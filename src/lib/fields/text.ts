/** Text: one line (`text`, the item's title when it is the first) or several (`textarea`). */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { applyToText, optionalText, requiredText } from '../schemas.ts';
import {
  asText,
  storedText,
  textRule,
  trimmedText,
  valueDiff,
  type FieldBase,
  type FieldKind,
} from './kind.ts';

export interface TextField<N extends string = string> extends FieldBase<N> {
  kind: 'text' | 'textarea';
  max: number;
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  /**
   * A format the text must have: 'applyTo', an e-mail address or an https link (how to apply for a career);
   * 'upiVpa', a UPI ID (payee address) such as name@bank; 'gstin', a GST number (upper-cased, checksum checked);
   * 'e164', a phone number in international form, stored as its digits (a wa.me link's number); 'contactUri', a
   * mailto: or https: address (security.txt's Contact, RFC 9116 §2.5.3); 'serial', a number that goes into a URL
   * (a certificate's: letters, digits and dashes, 3 to 40), which the server makes when left empty;
   * 'mcc', a merchant category code (four digits, as a UPI link's `mc` carries it).
   */
  format?: 'applyTo' | 'upiVpa' | 'gstin' | 'e164' | 'contactUri' | 'serial' | 'mcc';
}

export const textField = <const N extends string>(
  name: N,
  options: Omit<TextField<N>, 'name' | 'kind'> & { kind?: TextField['kind'] },
): TextField<N> => ({ name, kind: options.kind ?? 'text', ...options });

/** A UPI ID: a name (letters, digits, dots, hyphens, underscores), @ and the payment app's or bank's handle. */
const UPI_VPA = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/i;
export const isUpiVpa = (value: string) => UPI_VPA.test(value);

const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (five letters, four digits, a letter), entity number, Z, check character. */
const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
/** A GSTIN, upper-case, whose last character is the check character of the first 14 (GSTN's base-36 scheme). */
export function isGstin(value: string): boolean {
  if (!GSTIN.test(value)) return false;
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_CHARS.indexOf(value.charAt(index)) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return value.charAt(14) === GSTIN_CHARS.charAt((36 - (sum % 36)) % 36);
}

/** E.164: a country code and number, at most 15 digits, never starting with 0; spaces, hyphens and a + allowed. */
const E164 = /^\+?[1-9][0-9]{7,14}$/;
export const e164Digits = (value: string) => value.replace(/[\s-]/g, '').replace(/^\+/, '');
export const isE164 = (value: string) => E164.test(value.replace(/[\s-]/g, ''));

/** A number typed for an old certificate: it becomes a URL path segment, so letters, digits and dashes only. */
const SERIAL = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;
export const isSerial = (value: string) => SERIAL.test(value);

/** A merchant category code (ISO 18245): four digits, such as 8299 for schools and educational services. */
export const isMcc = (value: string) => /^[0-9]{4}$/.test(value);

/** A mailto: address with one e-mail, or an https: link: what a security.txt Contact may be. */
export function isContactUri(value: string): boolean {
  if (/^mailto:[^\s@:/?#]+@[^\s@/?#]+\.[^\s@/?#]+$/i.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** The formats checked by a rule of their own: what a valid value is, its refusal and how it is stored. */
const CHECKED_FORMATS: Record<
  Exclude<TextField['format'], 'applyTo' | undefined>,
  { valid: (value: string) => boolean; reason: (label: string) => string; stored?: (value: string) => string }
> = {
  upiVpa: { valid: isUpiVpa, reason: FIELD_REASONS.upiVpa },
  gstin: {
    valid: (value) => isGstin(value.toUpperCase()),
    reason: FIELD_REASONS.gstin,
    stored: (value) => value.toUpperCase(),
  },
  e164: { valid: isE164, reason: FIELD_REASONS.e164, stored: e164Digits },
  contactUri: { valid: isContactUri, reason: FIELD_REASONS.contactUri },
  serial: { valid: isSerial, reason: () => FIELD_REASONS.serialInvalid },
  mcc: { valid: isMcc, reason: FIELD_REASONS.mcc },
};

function input(field: TextField): z.ZodType {
  const { required, format } = field;
  if (format === 'applyTo') {
    const text = applyToText(field.max);
    return required === null ? text.optional() : text.refine((value) => value !== '', required);
  }
  if (format) {
    const { valid, reason, stored } = CHECKED_FORMATS[format];
    const rule = textRule({
      required,
      max: field.max,
      tooLong: field.reasons?.tooLong ?? FIELD_REASONS.tooLong(field.label, field.max),
      invalid: field.reasons?.invalid ?? reason(field.label),
      valid,
    });
    return stored ? rule.transform((value) => (value ? stored(value) : value)) : rule;
  }
  return required === null ? optionalText(field.max) : requiredText(required, field.max);
}

export const textKind: FieldKind<TextField> = {
  input,
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text: (_field, value) => trimmedText(value),
  diff: valueDiff((_field, value) => trimmedText(value)),
  csv: (_field, value) => asText(value),
};
