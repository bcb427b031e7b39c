/** Valid payloads for any content family, derived from its fields: a new family is covered with no test edits. */
import type { ContentFamily } from '../../src/lib/collections.ts';
import { valueFields } from '../../src/lib/fields.ts';

/** Every value field filled in (points: as many as the family requires, at least one), labelled for tracing. */
export function sampleInput(family: ContentFamily, label: string): Record<string, unknown> {
  return Object.fromEntries(
    valueFields(family.fields).map((field) => [
      field.name,
      field.kind === 'points'
        ? Array.from({ length: Math.max(field.min, 1) }, (_, index) => `${label} point ${index + 1}`)
        : ('format' in field && field.format === 'applyTo') || field.kind === 'url'
          ? `https://example.com/${encodeURIComponent(`${label} ${field.name}`)}`
          : field.kind === 'date'
            ? '2026-03-14'
            : `${label} ${field.name}`,
    ]),
  );
}
