/** Valid payloads for any content family, derived from its fields: a new family is covered with no test edits. */
import type { ContentFamily } from '../../src/lib/collections.ts';
import { valueFields, type Field, type SubField } from '../../src/lib/fields.ts';

/** An item id of the family `to`, for a reference field (undefined: none known, the reference is left out). */
export type Referee = (to: string) => string | undefined;

/** A valid value of one field of any kind, labelled for tracing; undefined leaves the field out. */
function sampleValue(
  field: Exclude<Field, { kind: 'image' }> | SubField,
  label: string,
  refer: Referee,
): unknown {
  const text = `${label} ${field.name}`;
  switch (field.kind) {
    case 'points':
      return Array.from({ length: Math.max(field.min, 1) }, (_, index) => `${label} point ${index + 1}`);
    case 'text':
    case 'textarea':
      // A serial (a certificate's number) left empty is made by the server, unique however many samples.
      if (field.format === 'serial') return undefined;
      return field.format === 'applyTo' ? `https://example.com/${encodeURIComponent(text)}` : text;
    case 'markdown':
      return text;
    case 'url':
      return `https://example.com/${encodeURIComponent(text)}`;
    case 'email':
      return 'sample@example.com';
    case 'phone':
      return '+91 98765 43210';
    case 'lines':
      return Array.from({ length: Math.max(field.min, 1) }, (_, index) => `${label} line ${index + 1}`);
    case 'integer':
      return Math.max(field.min ?? 1, 1);
    case 'money':
      return 1_250_000;
    case 'date':
      return '2030-03-14';
    case 'dateTime':
      // The form's datetime-local value, an IST wall-clock time (what the API takes besides a zoned instant).
      return '2030-03-14T09:30';
    case 'select':
      return field.options[0]?.value;
    case 'boolean':
      return true;
    // Derived from the title: unique however many samples a test makes.
    case 'slug':
      return undefined;
    case 'reference':
      return refer(field.to);
    case 'references': {
      const id = refer(field.to);
      return id ? [id] : [];
    }
    case 'group':
      return [
        Object.fromEntries(
          field.fields.map((sub) => [sub.name, sampleValue(sub, `${label} ${field.noun}`, refer)]),
        ),
      ];
  }
}

/** Every value field filled in (points: as many as the family requires, at least one), labelled for tracing. */
export function sampleInput(
  family: ContentFamily,
  label: string,
  refer: Referee = () => undefined,
): Record<string, unknown> {
  return Object.fromEntries(
    valueFields(family.fields).flatMap((field) => {
      const value = sampleValue(field, label, refer);
      return value === undefined ? [] : [[field.name, value]];
    }),
  );
}
