/**
 * Which content families a generic payload can create, derived from their definitions rather than listed: free
 * text in every text field, the first choice of a select, a date, a web link. A family fits when every field it
 * requires is of those kinds and nothing else gates it (staff only, a field it needs one of, what publishing
 * needs). A new family that fits is covered by the specs that plant payloads without editing them; one that does
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

export const plantsGenerically = (family: ContentFamily): boolean =>
  !family.staffOnly &&
  family.requireOneOf.length === 0 &&
  family.publishRequires.length === 0 &&
  family.fields.every((field) => FILLED_KINDS.has(field.kind) || !needsValue(field));
