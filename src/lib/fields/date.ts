/**
 * A day (a batch's start date): entered and shown as an IST day, stored as the UTC instant of its IST midnight,
 * e.g. 14 March 2026 is '2026-03-13T18:30:00.000Z'. The API also takes the day itself ('2026-03-14').
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { instantToUtc, istDayToUtc, showIstDay, utcToIstDay } from '../ist.ts';
import { asText, storedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface DateField<N extends string = string> extends FieldBase<N> {
  kind: 'date';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
}

export const dateField = <const N extends string>(
  name: N,
  options: Omit<DateField<N>, 'name' | 'kind'>,
): DateField<N> => ({ name, kind: 'date', ...options });

/** An IST day, or any zoned instant (taken as the IST day it falls on), as the stored IST midnight. */
export function storedDay(value: string): string | null {
  const instant = istDayToUtc(value) ?? instantToUtc(value);
  return instant === null ? null : istDayToUtc(utcToIstDay(instant));
}

/** Text in, stored form out; '' stays '' (an optional value emptied), anything unreadable fails with `invalid`. */
export function timeInput(
  field: { label: string; required: string | null },
  invalid: string,
  read: (value: string) => string | null,
): z.ZodType {
  const text = z
    .string({ error: field.required ?? invalid })
    .trim()
    .transform((value, context) => {
      if (value === '') {
        if (field.required !== null) context.addIssue({ code: 'custom', message: field.required });
        return '';
      }
      const stored = read(value);
      if (stored === null) context.addIssue({ code: 'custom', message: invalid });
      return stored ?? '';
    });
  return field.required === null ? text.optional() : text;
}

const text = (_field: DateField, value: unknown) => showIstDay(value);

export const dateKind: FieldKind<DateField> = {
  input: (field) => timeInput(field, FIELD_REASONS.date(field.label), storedDay),
  stored: storedText,
  toForm: (_field, value) => utcToIstDay(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  // The IST day as a spreadsheet reads a date.
  csv: (_field, value) => utcToIstDay(value) || asText(value),
};
