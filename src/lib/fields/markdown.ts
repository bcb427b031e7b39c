/**
 * Markdown (an article's body): stored as the source staff typed, rendered to HTML only where it is shown, by
 * src/lib/markdown.ts, which sanitises it. The admin edits and diffs the source.
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { stripControl } from '../schemas.ts';
import { asText, storedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface MarkdownField<N extends string = string> extends FieldBase<N> {
  kind: 'markdown';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  max: number;
}

export const markdownField = <const N extends string>(
  name: N,
  options: Omit<MarkdownField<N>, 'name' | 'kind'>,
): MarkdownField<N> => ({ name, kind: 'markdown', ...options });

/** Line ends made \n and the end trimmed: leading spaces are Markdown (an indented code block), so they stay. */
const source = (value: string) => stripControl(value.replace(/\r\n?/g, '\n')).trimEnd();

const text = (_field: MarkdownField, value: unknown) => source(asText(value)).trim();

export const markdownKind: FieldKind<MarkdownField> = {
  input: (field) => {
    const body = z
      .string({ error: field.required ?? FIELD_REASONS.markdownTooLong(field.label, field.max) })
      .transform(source)
      .pipe(z.string().max(field.max, FIELD_REASONS.markdownTooLong(field.label, field.max)));
    const { required } = field;
    return required === null ? body.optional() : body.refine((value) => value.trim() !== '', required);
  },
  stored: storedText,
  toForm: (_field, value) => asText(value),
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  csv: (_field, value) => asText(value),
};
