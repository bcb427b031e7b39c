/**
 * The families of the site: one file each in this folder (its definition, its staff words, where its preview shows),
 * listed in sidebar order in all.ts, and what is derived from them — the API's routes and handlers, the admin's
 * navigation, screens and router, the trash's and the audit log's names, backup and restore, the build-time loaders
 * and the public API paths (docs/architecture.md "Adding a family").
 *
 * Plain data, no zod: the admin's first load reads it for its navigation. The schemas are derived from these
 * definitions in src/lib/collections.ts, which only lazily loaded screens, the server and the build import.
 */
import { FAMILY_DEFINITIONS } from './all.ts';
import type { FamilyDefinition } from './define.ts';

export { FAMILY_DEFINITIONS };
export type * from './define.ts';

type Definitions = (typeof FAMILY_DEFINITIONS)[number];
export type FamilyKey = Definitions['key'];
export type DefinitionOf<K extends FamilyKey> = Extract<Definitions, { key: K }>;
export type ContentFamilyKey = Extract<Definitions, { kind: 'content' }>['key'];
export type RequestFamilyKey = Extract<Definitions, { kind: 'request' }>['key'];
export type LookupFamilyKey = Extract<Definitions, { kind: 'lookup' }>['key'];
export type SingletonFamilyKey = Extract<Definitions, { kind: 'singleton' }>['key'];
/**
 * Content families no page is built from (`staffOnly`: personal data). content.config.ts leaves exactly these out
 * of the build's collections.
 */
export type StaffOnlyFamilyKey = Extract<Definitions, { kind: 'content'; staffOnly?: true }>['key'];
export type PublicContentFamilyKey = Exclude<ContentFamilyKey, StaffOnlyFamilyKey>;
/** The course catalogue's families: their screens form a navigation of their own. */
export type CatalogueFamilyKey = Extract<Definitions, { admin: { group: 'catalogue' } }>['key'];
export const CATALOGUE_FAMILY_KEYS = FAMILY_DEFINITIONS.filter(
  (definition) => definition.admin.group === 'catalogue',
).map((definition) => definition.key) as readonly CatalogueFamilyKey[];
/** Every stored collection of items (a `document` singleton is a single document, not a collection). */
export type CollectionKey = Exclude<FamilyKey, Extract<Definitions, { storage: 'document' }>['key']>;

/** Every definition of one kind, in sidebar order. */
export const definitionsOfKind = <Kind extends FamilyDefinition['kind']>(kind: Kind) =>
  (FAMILY_DEFINITIONS as readonly FamilyDefinition[]).filter(
    (definition): definition is Extract<FamilyDefinition, { kind: Kind }> => definition.kind === kind,
  );

export const CONTENT_FAMILY_KEYS = definitionsOfKind('content').map(
  (definition) => definition.key,
) as readonly ContentFamilyKey[];
export const REQUEST_FAMILY_KEYS = definitionsOfKind('request').map(
  (definition) => definition.key,
) as readonly RequestFamilyKey[];
export const COLLECTION_KEYS = FAMILY_DEFINITIONS.filter(
  (definition) => !('storage' in definition) || definition.storage !== 'document',
).map((definition) => definition.key) as readonly CollectionKey[];

/** Whether a collection (a trash entry's, an audit target's) holds personal-data requests. */
export const isRequestFamilyKey = (collection: string): collection is RequestFamilyKey =>
  (REQUEST_FAMILY_KEYS as readonly string[]).includes(collection);

/** A family's definition by key, or undefined (an audit entry of a family since removed). */
export const definitionOf = (key: string): FamilyDefinition | undefined =>
  (FAMILY_DEFINITIONS as readonly FamilyDefinition[]).find((definition) => definition.key === key);

/**
 * The admin's name for a family: its screen's heading (content), or its sidebar label (the rest), as the trash
 * and the Activity screen show it.
 */
export function familyLabel(key: string): string {
  const definition = definitionOf(key);
  if (!definition) return key;
  return definition.kind === 'content' ? definition.admin.heading : definition.admin.label;
}
