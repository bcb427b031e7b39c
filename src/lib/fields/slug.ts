/**
 * A slug (an article's address, /articles/{slug}): lower-case a-z, 0-9 and single hyphens. Left empty, the server
 * derives it from the field it names (the title); it is unique within the family. A changed slug keeps the old
 * one in `{name}History` on the item, so the old address can redirect, and no other item may take it.
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { asList, asText, textRule, trimmedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface SlugField<N extends string = string> extends FieldBase<N> {
  kind: 'slug';
  /** The field it is derived from when left empty: the title. */
  from: string;
  max: number;
}

export const slugField = <const N extends string>(
  name: N,
  options: Omit<SlugField<N>, 'name' | 'kind'>,
): SlugField<N> => ({ name, kind: 'slug', ...options });

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: string) => SLUG.test(value);

/** The stored list of a slug field's earlier values. */
export const slugHistoryKey = (field: { name: string }) => `${field.name}History`;

/**
 * 'Ethical Hacking 101: Café & CTF' → 'ethical-hacking-101-cafe-ctf': accents dropped, anything else between
 * words a hyphen, at most `max` characters, never ending in a hyphen. '' when nothing Latin is left.
 */
export function slugify(title: string, max = 80): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** The slug and every earlier slug an item holds: what no other item of the family may take. */
export const slugsHeld = (field: SlugField, item: Readonly<Record<string, unknown>>): string[] => [
  ...(trimmedText(item[field.name]) ? [trimmedText(item[field.name])] : []),
  ...asList(item[slugHistoryKey(field)]),
];

const text = (_field: SlugField, value: unknown) => trimmedText(value);

export const slugKind: FieldKind<SlugField> = {
  // Optional in: the server derives an empty one from `from` and checks it is unique (content-handler.ts).
  input: (field) =>
    textRule({
      required: null,
      max: field.max,
      tooLong: FIELD_REASONS.tooLong(field.label, field.max),
      invalid: FIELD_REASONS.slug(field.label),
      valid: isSlug,
    }),
  stored: () => z.string(),
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: text,
};
