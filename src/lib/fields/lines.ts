/**
 * Lines: a short list typed one per line in a textarea (an address as the footer shows it). Stored as the list of
 * its non-empty lines, trimmed; unlike points, there is one input, not one per entry.
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { stripControl } from '../schemas.ts';
import { asList, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface LinesField<N extends string = string> extends FieldBase<N> {
  kind: 'lines';
  /** The fewest and most non-empty lines (at least 1 makes the field required). */
  min: number;
  maxLines: number;
  /** Characters per line. */
  max: number;
}

export const linesField = <const N extends string>(
  name: N,
  options: Omit<LinesField<N>, 'name' | 'kind'>,
): LinesField<N> => ({ name, kind: 'lines', ...options });

/** More entries than this are refused before they are read: a list of lines is short. */
const ENTRIES_READ = 50;

const kept = (value: unknown) =>
  asList(value)
    .map((line) => line.trim())
    .filter((line) => line !== '');
const text = (_field: LinesField, value: unknown) => kept(value).join('; ');

export const linesKind: FieldKind<LinesField> = {
  input: (field) => {
    const count = field.reasons?.invalid ?? FIELD_REASONS.lines(field.label, field.min, field.maxLines);
    const tooLong = field.reasons?.tooLong ?? FIELD_REASONS.tooLong(field.label, field.max);
    return z
      .array(z.string({ error: count }), { error: count })
      .max(ENTRIES_READ, count)
      .transform((lines) => lines.map((line) => stripControl(line).trim()).filter((line) => line !== ''))
      .pipe(z.array(z.string().max(field.max, tooLong)).min(field.min, count).max(field.maxLines, count));
  },
  stored: () => z.array(z.string()),
  toForm: (_field, value) => asList(value).join('\n'),
  fromForm: (_field, value) => (typeof value === 'string' ? value.split('\n') : value),
  text,
  diff: valueDiff(text),
  csv: (_field, value) => asList(value).join('\n'),
};
