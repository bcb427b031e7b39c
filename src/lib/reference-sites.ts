/**
 * Where a family's items refer to others: its reference fields, top level or inside a group's entries, and the ids
 * an item holds through each (the server's reference checks, the trash's and the restore's).
 */
import type { Field } from './fields.ts';
import type { GroupField } from './fields/group.ts';
import { referredIds, type ReferenceField, type ReferencesField } from './fields/reference.ts';

/** A reference field of a family, top-level or inside a group's entries (`group` then names the group). */
export interface ReferenceSite {
  field: ReferenceField | ReferencesField;
  group: GroupField | null;
}

/** Every reference field of a family, including those inside its groups. */
export const referenceSites = (fields: readonly Field[]): ReferenceSite[] =>
  fields.flatMap((field): ReferenceSite[] => {
    if (field.kind === 'reference' || field.kind === 'references') return [{ field, group: null }];
    if (field.kind !== 'group') return [];
    return field.fields.flatMap((sub) =>
      sub.kind === 'reference' || sub.kind === 'references' ? [{ field: sub, group: field }] : [],
    );
  });

/**
 * The ids an item refers to through one reference site: a top-level field's, or that field's in every entry of
 * its group, each with the entry's number (from 1; 0 for a top-level field), for the message that names it.
 */
export function referencesAt(
  site: ReferenceSite,
  item: Readonly<Record<string, unknown>>,
): { entry: number; ids: string[] }[] {
  if (!site.group) return [{ entry: 0, ids: referredIds(site.field, item[site.field.name]) }];
  const entries = Array.isArray(item[site.group.name]) ? (item[site.group.name] as unknown[]) : [];
  return entries.map((entry, index) => ({
    entry: index + 1,
    ids:
      typeof entry === 'object' && entry !== null
        ? referredIds(site.field, (entry as Record<string, unknown>)[site.field.name])
        : [],
  }));
}
