/**
 * Which content families a generic payload can create, derived from their definitions rather than listed: free
 * text in every text field, the first choice of a select, a date, a web link. A family fits when every field it
 * requires is of those kinds, every free-text field takes the payload's length, and nothing else gates it (staff
 * only, a field it needs one of, what publishing needs). A new family that fits is covered by the specs that plant payloads without editing them; one that does
 * not is left to the spec of its own (an article's markdown body, a batch's course and seats).
 */
import type { ContentFamily } from '../../src/lib/collections.ts';
import type { Field } from '../../src/lib/fields.ts';

/** The kinds the generic payload fills (a yes/no left out is no; a slug is made from its source). */
const FILLED_KINDS: ReadonlySet<Field['kind']> = new Set([
  'text',
  'textarea',
  'points',
  'url',
  'date',
  'select',
  'boolean',
  'slug',
  'image',
]);

/** Whether an item needs a value in the field: a required message, or a least count of entries. */
export const needsValue = (field: Field): boolean =>
  ('required' in field && field.required !== null && field.required !== undefined) ||
  ((field.kind === 'group' || field.kind === 'references') && field.min > 0);

/** A field the payload is typed into: one-line or multi-line text with no fixed format. */
export const isFreeText = (field: Field) =>
  (field.kind === 'text' || field.kind === 'textarea') && !('format' in field && field.format);

/** Whether a payload of `textLength` characters in every free-text field makes a valid item of the family. */
export const plantsGenerically =
  (textLength: number) =>
  (family: ContentFamily): boolean =>
    !family.staffOnly &&
    family.requireOneOf.length === 0 &&
    family.publishRequires.length === 0 &&
    family.fields.every(
      (field) =>
        (FILLED_KINDS.has(field.kind) || !needsValue(field)) &&
        !(isFreeText(field) && 'max' in field && (field.max ?? Infinity) < textLength),
    );
