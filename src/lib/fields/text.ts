/** Text: one line (`text`, the item's title when it is the first) or several (`textarea`). */
import { z } from 'zod';
import { applyToText, optionalText, requiredText } from '../schemas.ts';
import { asText, storedText, trimmedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface TextField<N extends string = string> extends FieldBase<N> {
  kind: 'text' | 'textarea';
  max: number;
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  /** 'applyTo': an e-mail address or an https link (how to apply for a career). */
  format?: 'applyTo';
}

export const textField = <const N extends string>(
  name: N,
  options: Omit<TextField<N>, 'name' | 'kind'> & { kind?: TextField['kind'] },
): TextField<N> => ({ name, kind: options.kind ?? 'text', ...options });

function input(field: TextField): z.ZodType {
  if (field.format === 'applyTo') {
    const text = applyToText(field.max);
    const required = field.required;
    return required === null ? text.optional() : text.refine((value) => value !== '', required);
  }
  return field.required === null ? optionalText(field.max) : requiredText(field.required, field.max);
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
