/**
 * A date and time (a batch's first class): entered and shown in IST, stored as a UTC ISO string. The API takes a
 * zoned instant or an IST wall-clock time ('2026-03-14T09:30', what `<input type=datetime-local>` gives).
 */
import { FIELD_REASONS } from '../api-messages.ts';
import { timeInput } from './date.ts';
import { instantToUtc, istDayTimeToUtc, showIstDayTime, utcToIstDayTime } from '../ist.ts';
import { asText, storedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface DateTimeField<N extends string = string> extends FieldBase<N> {
  kind: 'dateTime';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
}

export const dateTimeField = <const N extends string>(
  name: N,
  options: Omit<DateTimeField<N>, 'name' | 'kind'>,
): DateTimeField<N> => ({ name, kind: 'dateTime', ...options });

const read = (value: string) => istDayTimeToUtc(value) ?? instantToUtc(value);
const text = (_field: DateTimeField, value: unknown) => showIstDayTime(value);

export const dateTimeKind: FieldKind<DateTimeField> = {
  input: (field) => timeInput(field, FIELD_REASONS.dateTime(field.label), read),
  stored: storedText,
  toForm: (_field, value) => utcToIstDayTime(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  // IST, as the other times of the admin's CSV files are written ('2026-03-14 09:30').
  csv: (_field, value) => utcToIstDayTime(value).replace('T', ' ') || asText(value),
};
