/**
 * A repeatable group: a list of entries, each with its own simple fields (a course's modules, each a title and
 * its topics; an FAQ's questions and answers), between `min` and `max` entries. Entries left wholly empty are
 * dropped, as empty points are. The sub-fields' kinds are passed in (src/lib/fields.ts), so this module needs no
 * import of the table that lists it.
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import type { BooleanField } from './boolean.ts';
import type { DateTimeField } from './date-time.ts';
import type { DateField } from './date.ts';
import type { EmailField } from './email.ts';
import type { IntegerField } from './integer.ts';
import {
  fromJsonText,
  valueDiff,
  type FieldBase,
  type FieldKind,
  type FormEntry,
  type FormValue,
} from './kind.ts';
import type { MarkdownField } from './markdown.ts';
import type { MoneyField } from './money.ts';
import type { PointsField } from './points.ts';
import type { ReferenceField, ReferencesField } from './reference.ts';
import type { SelectField } from './select.ts';
import type { TextField } from './text.ts';
import type { UrlField } from './url.ts';

/**
 * The kinds an entry's fields may be: no pictures, slugs or groups inside a group. References may (a module's
 * trainer): the server checks them and refuses deleting what they refer to as it does top-level ones.
 */
export type SubField =
  | ReferenceField
  | ReferencesField
  | TextField
  | PointsField
  | MarkdownField
  | IntegerField
  | MoneyField
  | BooleanField
  | SelectField
  | UrlField
  | EmailField
  | DateField
  | DateTimeField;

export type SubKinds = { [K in SubField['kind']]: FieldKind<Extract<SubField, { kind: K }>> };

export interface GroupField<N extends string = string, S extends SubField = SubField> extends FieldBase<N> {
  kind: 'group';
  /** An entry's fields, in form order. */
  fields: readonly S[];
  /** What one entry is called ('Module', 'Question'): the form's "Add Module", a reason's "Module 2: …". */
  noun: string;
  min: number;
  max: number;
}

export const groupField = <const N extends string, const S extends SubField>(
  name: N,
  options: Omit<GroupField<N, S>, 'name' | 'kind'>,
): GroupField<N, S> => ({ name, kind: 'group', ...options });

type Entry = Record<string, unknown>;
const entriesOf = (value: unknown): Entry[] =>
  Array.isArray(value)
    ? value.filter(
        (entry): entry is Entry => typeof entry === 'object' && entry !== null && !Array.isArray(entry),
      )
    : [];

/** Nothing typed: every value empty text, unchecked, nothing chosen. */
const blank = (entry: Entry) =>
  Object.values(entry).every(
    (value) =>
      value === undefined ||
      value === null ||
      value === false ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && value.every((part) => typeof part === 'string' && part.trim() === '')),
  );

export function groupKind(kinds: SubKinds): FieldKind<GroupField> {
  const kindOf = (field: SubField) => kinds[field.kind] as FieldKind<SubField>;

  const entryText = (field: GroupField, entry: Entry) =>
    field.fields
      .map((sub) => kindOf(sub).text(sub, entry[sub.name]))
      .filter((text) => text !== '')
      .join(' — ');
  const text = (field: GroupField, value: unknown) =>
    entriesOf(value)
      .map((entry) => entryText(field, entry))
      .join('; ');

  return {
    input: (field) => {
      const entry = z.strictObject(
        Object.fromEntries(field.fields.map((sub) => [sub.name, kindOf(sub).input(sub)])),
      );
      const entries = fromJsonText(
        z
          .array(z.record(z.string(), z.unknown()), { error: FIELD_REASONS.group(field.label) })
          .transform((entries, context) => {
            const kept: Entry[] = [];
            entries
              .filter((candidate) => !blank(candidate))
              .forEach((candidate, index) => {
                const parsed = entry.safeParse(candidate);
                if (parsed.success) kept.push(parsed.data);
                else
                  context.addIssue({
                    code: 'custom',
                    message: FIELD_REASONS.groupEntry(
                      field.noun,
                      index + 1,
                      parsed.error.issues[0]?.message ?? '',
                    ),
                  });
              });
            return kept;
          })
          .pipe(
            z
              .array(z.record(z.string(), z.unknown()))
              .min(field.min, FIELD_REASONS.groupMin(field.label, field.min))
              .max(field.max, FIELD_REASONS.groupMax(field.label, field.max)),
          ),
      );
      // Nothing sent is no entries, when none are needed.
      return field.min === 0 ? entries.optional() : entries;
    },
    stored: (field) =>
      z
        .array(z.object(Object.fromEntries(field.fields.map((sub) => [sub.name, kindOf(sub).stored(sub)]))))
        .optional(),
    toForm: (field, value) => {
      const entries: FormEntry[] = entriesOf(value).map((entry) =>
        Object.fromEntries(field.fields.map((sub) => [sub.name, kindOf(sub).toForm(sub, entry[sub.name])])),
      );
      while (entries.length < field.min)
        entries.push(
          Object.fromEntries(field.fields.map((sub) => [sub.name, kindOf(sub).toForm(sub, undefined)])),
        );
      return entries;
    },
    fromForm: (field, value: FormValue | undefined) =>
      Array.isArray(value)
        ? (value as FormEntry[]).map((entry) =>
            Object.fromEntries(
              field.fields.map((sub) => [sub.name, kindOf(sub).fromForm(sub, entry[sub.name])]),
            ),
          )
        : value,
    text,
    diff: valueDiff(text),
    // One entry per line.
    csv: (field, value) =>
      entriesOf(value)
        .map((entry) => entryText(field, entry))
        .join('\n'),
  };
}
