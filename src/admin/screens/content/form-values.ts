/** A content form's values by field name, as each field's kind holds them while they are edited. */
import type { ContentItem } from '../../../lib/collections.ts';
import { SCHEDULE_FIELDS } from '../../../lib/schedule.ts';
import {
  ALT_FIELD,
  fromFormValue,
  toFormValue,
  valueFields,
  type Field,
  type FormValue,
} from '../../../lib/fields.ts';

export type FormValues = Record<string, FormValue>;

/** A family with a picture also has its alt text in the form. */
const hasAlt = (fields: readonly Field[]) => fields.some((field) => field.kind === 'image');

/** What the form edits: the family's value fields, then every item's scheduled times. */
const formFields = (fields: readonly Field[]): Field[] => [...valueFields(fields), ...SCHEDULE_FIELDS];

export const emptyValues = (fields: readonly Field[]): FormValues => ({
  ...Object.fromEntries(formFields(fields).map((field) => [field.name, toFormValue(field, undefined)])),
  ...(hasAlt(fields) ? { [ALT_FIELD]: '' } : {}),
});

export const valuesOf = (fields: readonly Field[], item: ContentItem): FormValues => ({
  ...Object.fromEntries(
    formFields(fields).map((field) => [field.name, toFormValue(field, item[field.name])]),
  ),
  ...(hasAlt(fields) ? { [ALT_FIELD]: typeof item[ALT_FIELD] === 'string' ? item[ALT_FIELD] : '' } : {}),
});

/** The form's values as the API takes them (rupees as paise, IST days as UTC instants), for the family's schema. */
export const apiValuesOf = (fields: readonly Field[], values: FormValues): Record<string, unknown> => ({
  ...values,
  ...Object.fromEntries(
    formFields(fields).map((field) => [field.name, fromFormValue(field, values[field.name])]),
  ),
});

/** Text trimmed, lists without empty lines: what a save would store, so an untouched form is not "changed". */
function comparable(value: FormValue | undefined): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value))
    return value
      .map((part) =>
        typeof part === 'string'
          ? part.trim()
          : Object.fromEntries(Object.entries(part).map(([name, inner]) => [name, comparable(inner)])),
      )
      .filter((part) => part !== '');
  return value ?? '';
}

export function normalised(values: FormValues): string {
  return JSON.stringify(
    Object.keys(values)
      .sort()
      .map((name) => comparable(values[name])),
  );
}
