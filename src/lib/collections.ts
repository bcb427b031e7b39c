/**
 * The collections registry: one description per family, the single source of truth for the API's route table and
 * handlers (src/server), the build-time content loaders, the admin screens, CSV columns and the contract tests.
 * A content family is described by its fields (src/lib/fields.ts): its schemas and types are derived from them.
 * Plain data and schemas only: safe to ship to a browser (the public islands import ./families.ts instead).
 */
import type { z } from 'zod';
import { API_PREFIX, AUTH_PATHS } from './constants.ts';
import { familyPath, type ImageFolder } from './families.ts';
import {
  imageFieldOf,
  inputSchemaOf,
  itemSchemaOf,
  titleFieldOf,
  type Field,
  type ImageField,
  type ImageRule,
  type InputSchemaOf,
  type ItemSchemaOf,
} from './fields.ts';
import { requestListQuerySchema, requestPatchSchema } from './enquiries.ts';
import {
  definitionsOfKind,
  FAMILY_DEFINITIONS,
  type CollectionKey,
  type ContentDefinition,
  type ContentMessages as DefinitionMessages,
  type ContentFamilyKey,
  type DefinitionOf,
  type FamilyDefinition,
  type LookupDefinition,
  type PreviewPlacement,
  type PublishRequirement,
  type RequestCsvColumn,
  type RequestDefinition,
  type RequestFamilyKey,
  type SingletonDefinition,
} from '../families/index.ts';
import { REQUEST_SCHEMAS } from './request-schemas.ts';
import {
  EnrollCourseInputSchema,
  EnrollCourseSchema,
  EnrollCourseUpdateSchema,
  StoredMetaSchema,
} from './schemas.ts';
import { SETTING_FIELDS } from './setting-fields.ts';
import {
  SiteSettingsInputSchema,
  SiteSettingsItemSchema,
  SiteSettingsSchema,
  withSeedForAbsentSettings,
} from './site-settings.ts';
import { STATS_FIELDS, StatsInputSchema, StatsSchema } from './stats.ts';

export { AUTH_PATHS };
export type { CollectionKey, ContentFamilyKey, ImageFolder, ImageRule, RequestCsvColumn, RequestFamilyKey };
export { COLLECTION_KEYS } from '../families/index.ts';

interface FamilyBase<K extends string> {
  key: K;
  /** API path without the id segment. */
  path: string;
  /** Netlify CDN cache tag purged by every write of this family. */
  cacheTag: string;
  /** Stored item schema (what the API returns and the content loaders validate). */
  itemSchema: z.ZodType;
}

/** A content family's messages, as the handlers and the screens read them (the picture's is the screen's). */
export type ContentMessages = Omit<DefinitionMessages, 'imageFailed'>;

/** A family with the full content lifecycle: public list, admin create/read/update/delete, CSV. */
export interface ContentFamily<K extends string = string> extends FamilyBase<K> {
  kind: 'content';
  /** In form order: the admin form and list card show them in this order. */
  fields: readonly Field[];
  /** The field that names an item (lists, confirmations, "Editing: …", the trash). */
  titleField: string;
  /** Where the admin's Preview shows an item (ContentDefinition.preview). */
  preview: PreviewPlacement;
  inputSchema: z.ZodType;
  image: ImageRule | null;
  /** Whether the admin form sends multipart (with an image) or JSON: every family with a picture does. */
  multipart: boolean;
  confirmDelete: string | null;
  messages: ContentMessages;
  /** What a published item must have: refused with a message per missing field. */
  publishRequires: readonly PublishRequirement[];
  /** No public routes and no build-time loader (ContentDefinition.staffOnly). */
  staffOnly: boolean;
  serial: NonNullable<ContentDefinition['serial']> | null;
  requireOneOf: NonNullable<ContentDefinition['requireOneOf']>;
  /** ContentDefinition.stampOnPublish, or null. */
  stampOnPublish: string | null;
  revoke: NonNullable<ContentDefinition['revoke']> | null;
  pdf: NonNullable<ContentDefinition['pdf']> | null;
}

/** A registry entry: a content family whose schemas carry the types derived from its fields. */
export interface TypedContentFamily<K extends string, F extends Field> extends ContentFamily<K> {
  fields: readonly F[];
  inputSchema: InputSchemaOf<F>;
  itemSchema: ItemSchemaOf<F>;
  image: [Extract<F, ImageField>] extends [never] ? null : Extract<F, ImageField>;
}

/** Builds a content family from its key and fields: path, cache tag, schemas and image rule are derived. */
export function contentFamily<const K extends string, const F extends Field>(
  key: K,
  spec: {
    fields: readonly F[];
    /** Explicit in the registry's definitions; a fixture may leave it to the first one-line text field. */
    titleField?: string;
    /** Explicit in the registry's definitions; a fixture previews as a card on the home page. */
    preview?: PreviewPlacement;
    confirmDelete: string | null;
    messages: ContentMessages;
    publishRequires?: readonly PublishRequirement[];
    staffOnly?: boolean;
    serial?: ContentDefinition['serial'];
    requireOneOf?: ContentDefinition['requireOneOf'];
    revoke?: ContentDefinition['revoke'];
    pdf?: ContentDefinition['pdf'];
    stampOnPublish?: ContentDefinition['stampOnPublish'];
  },
): TypedContentFamily<K, F> {
  const image = imageFieldOf(spec.fields);
  return {
    key,
    kind: 'content',
    path: familyPath(key),
    cacheTag: key,
    fields: spec.fields,
    titleField: spec.titleField ?? titleFieldOf(spec.fields),
    preview: spec.preview ?? { page: '/' },
    inputSchema: inputSchemaOf(spec.fields),
    itemSchema: itemSchemaOf(spec.fields),
    image: image as TypedContentFamily<K, F>['image'],
    multipart: image !== null,
    confirmDelete: spec.confirmDelete,
    messages: spec.messages,
    publishRequires: spec.publishRequires ?? [],
    staffOnly: spec.staffOnly ?? false,
    serial: spec.serial ?? null,
    requireOneOf: spec.requireOneOf ?? [],
    revoke: spec.revoke ?? null,
    pdf: spec.pdf ?? null,
    stampOnPublish: spec.stampOnPublish ?? null,
  };
}

type ContentFamilyOf<D> = D extends ContentDefinition<infer K, infer F> ? TypedContentFamily<K, F> : never;

const definitions = FAMILY_DEFINITIONS as readonly FamilyDefinition[];

/** Every content family of the registry, its schemas derived from its definition's fields. */
export const contentFamilies = Object.fromEntries(
  definitionsOfKind('content').map((definition) => [
    definition.key,
    contentFamily(definition.key, {
      fields: definition.fields,
      titleField: definition.titleField,
      preview: definition.preview,
      confirmDelete: definition.confirmDelete,
      messages: definition.messages,
      publishRequires: definition.publishRequires,
      staffOnly: definition.staffOnly,
      serial: definition.serial,
      requireOneOf: definition.requireOneOf,
      revoke: definition.revoke,
      pdf: definition.pdf,
      stampOnPublish: definition.stampOnPublish,
    }),
  ]),
) as { [K in ContentFamilyKey]: ContentFamilyOf<DefinitionOf<K>> };

/** Personal-data requests: public create, admin list (newest first, paginated) and delete. */
export interface RequestFamily<K extends string = string> extends FamilyBase<K> {
  kind: 'request';
  /** The field that names an item in the trash. */
  titleField: string;
  inputSchema: z.ZodType;
  /** The CSV's columns, in order: one row per request, headers for people, times in IST. */
  csvColumns: readonly RequestCsvColumn[];
  /** The follow-up statuses staff move a request through; the first is where a submission starts. */
  statuses: readonly string[];
  /** `PATCH {path}/:id`: status and note. */
  patchSchema: z.ZodType;
  /** The list filters of `GET {path}`. */
  listQuerySchema: ReturnType<typeof requestListQuerySchema>;
  /** Whether the list filters by course (enrolments). */
  courseFilter: boolean;
  messages: { deleted: string; empty: string; fetchFailed: string; deleteFailed: string };
  acknowledgement: RequestDefinition['acknowledgement'];
  received: string;
  htmlForm: NonNullable<RequestDefinition['htmlForm']> | null;
}

function requestFamily<K extends RequestFamilyKey>(definition: RequestDefinition<K>): RequestFamily<K> {
  return {
    key: definition.key,
    kind: 'request',
    path: familyPath(definition.key),
    cacheTag: definition.key,
    titleField: definition.titleField,
    ...REQUEST_SCHEMAS[definition.key],
    csvColumns: definition.csvColumns,
    statuses: definition.statuses,
    patchSchema: requestPatchSchema(definition.statuses),
    listQuerySchema: requestListQuerySchema(definition.statuses),
    courseFilter: definition.courseFilter,
    messages: definition.messages,
    acknowledgement: definition.acknowledgement,
    received: definition.received,
    htmlForm: definition.htmlForm ?? null,
  };
}

export const requestFamilies = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [
    definition.key,
    requestFamily(definition as RequestDefinition<RequestFamilyKey>),
  ]),
) as { [K in RequestFamilyKey]: RequestFamily<K> & (typeof REQUEST_SCHEMAS)[K] };

const definitionNamed = <D extends LookupDefinition | SingletonDefinition>(key: D['key']): D =>
  definitions.find((definition) => definition.key === key) as D;
const enrollCourseDefinition = definitionNamed<LookupDefinition<'enrollCourse'>>('enrollCourse');
const settingsDefinition = definitionNamed<SingletonDefinition<'siteSettings'>>('siteSettings');

/** Enrollable courses: public list, admin add (unique name, case-insensitive) and delete. */
export const enrollCourseFamily = {
  key: enrollCourseDefinition.key,
  kind: 'lookup',
  path: familyPath(enrollCourseDefinition.key),
  cacheTag: enrollCourseDefinition.key,
  titleField: enrollCourseDefinition.titleField,
  inputSchema: EnrollCourseInputSchema,
  updateSchema: EnrollCourseUpdateSchema,
  itemSchema: EnrollCourseSchema,
  confirmDelete: enrollCourseDefinition.confirmDelete,
} as const;

/** Stats: one document, public read, admin update. */
export const statsFamily = {
  key: 'stats',
  kind: 'stats',
  path: familyPath('stats'),
  cacheTag: 'stats',
  fields: STATS_FIELDS,
  inputSchema: StatsInputSchema,
  itemSchema: StatsSchema,
} as const;

/**
 * Site settings: one stored item, public read, admin update, with a history like content items.
 * `valuesSchema` is what the API answers and the build reads; `itemSchema` the stored item with its metadata.
 */
export const settingsFamily = {
  key: 'siteSettings',
  kind: 'settings',
  path: `${API_PREFIX}/${settingsDefinition.segment ?? settingsDefinition.key}`,
  cacheTag: 'siteSettings',
  fields: SETTING_FIELDS,
  inputSchema: SiteSettingsInputSchema,
  valuesSchema: SiteSettingsSchema,
  itemSchema: SiteSettingsItemSchema,
} as const;
/** The settings' history and the restore of one earlier version. */
export const settingsRevisionsPath = `${settingsFamily.path}/revisions`;
export const settingsRevisionRestorePath = (rev: string) => `${settingsRevisionsPath}/${rev}/restore`;

/** The admin's trash: list, and restore under `/{family}/{id}/restore`. */
export const TRASH_PATH = `${API_PREFIX}/trash`;
export const trashRestorePath = (family: string, id: string) => `${TRASH_PATH}/${family}/${id}/restore`;
/** One trash entry: owners `DELETE` it to delete the item for good before the purge. */
export const trashEntryPath = (family: string, id: string) => `${TRASH_PATH}/${family}/${id}`;
/** A content family's order route (PUT `{ids}`) and an item's history. */
export const orderPath = (family: { path: string }) => `${family.path}/order`;
export const revisionsPath = (family: { path: string }, id: string) => `${family.path}/${id}/revisions`;
export const revisionRestorePath = (family: { path: string }, id: string, rev: string) =>
  `${revisionsPath(family, id)}/${rev}/restore`;

/** Every family, for things that walk all of them (authorisation matrix, cache tags, docs). */
export const allFamilies = [
  ...Object.values(contentFamilies),
  ...Object.values(requestFamilies),
  enrollCourseFamily,
  statsFamily,
  settingsFamily,
] as const;

/** The stored item schema of a collection: what backup, restore and the loaders check items with. */
export function itemSchemaOfCollection(key: CollectionKey): z.ZodType {
  const family = allFamilies.find((candidate) => candidate.key === key);
  if (!family) throw new Error(`No family stores the collection ${key}`);
  return family.itemSchema;
}

/**
 * An item as a backup holds it, in today's shape. The site settings are stored with every field, so settings
 * backed up before a field existed take the value the site showed for it then: its seed. Other families store an
 * optional field left out as absent, so what an older archive holds is already an item of today.
 */
export function withFieldsAddedSince(key: CollectionKey, item: unknown): unknown {
  if (key !== settingsFamily.key || typeof item !== 'object' || item === null || Array.isArray(item))
    return item;
  return withSeedForAbsentSettings(item as Record<string, unknown>);
}

/** The admin's CSV export of a family's items: every request family and every content family. */
export const CSV_EXPORT_NAME = 'export.csv';
export const csvPath = (family: { path: string }) => `${family.path}/${CSV_EXPORT_NAME}`;
export const exportPath = (family: RequestFamilyKey) => csvPath(requestFamilies[family]);
/** A request family's counts by lead source. */
export const SOURCES_NAME = 'sources';
export const sourcesPath = (family: RequestFamilyKey) => `${requestFamilies[family].path}/${SOURCES_NAME}`;

export type Career = z.infer<typeof contentFamilies.career.itemSchema>;
/** Any content family's item, as the generic admin screen sees it (its fields by name). */
export type ContentItem = z.infer<typeof StoredMetaSchema> & { image?: string } & Record<string, unknown>;
