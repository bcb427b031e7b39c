/**
 * The collections registry: one description per family, the single source of truth for the API's route table and
 * handlers (src/server), the build-time content loaders, the admin screens, CSV columns and the contract tests.
 * A content family is described by its fields (src/lib/fields.ts): its schemas and types are derived from them.
 * Plain data and schemas only: safe to ship to a browser (the public islands import ./families.ts instead).
 */
import type { z } from 'zod';
import {
  API_PREFIX,
  AUTH_PATHS,
  CAREER_POINTS_MIN,
  MAX_LENGTH,
  POINTS_MAX,
  SERVICE_POINTS_MIN,
} from './constants.ts';
import {
  familyPath,
  type CollectionKey,
  type ContentFamilyKey,
  type ImageFolder,
  type RequestFamilyKey,
} from './families.ts';
import {
  imageField,
  imageFieldOf,
  inputSchemaOf,
  itemSchemaOf,
  pointsField,
  textField,
  titleFieldOf,
  type Field,
  type ImageField,
  type ImageRule,
  type InputSchemaOf,
  type ItemSchemaOf,
} from './fields.ts';
import { REQUEST_STATUSES, requestListQuerySchema, requestPatchSchema } from './enquiries.ts';
import { VALIDATION } from './messages.ts';
import { ADMIN, CONFIRM, CSV_HEADERS } from './staff-messages.ts';
import {
  ContactInputSchema,
  ContactSchema,
  EnrollCourseInputSchema,
  EnrollCourseSchema,
  EnrollCourseUpdateSchema,
  EnrollInputSchema,
  EnrollSchema,
  StatsInputSchema,
  StatsSchema,
  StoredMetaSchema,
} from './schemas.ts';
import {
  SETTING_FIELDS,
  SiteSettingsInputSchema,
  SiteSettingsItemSchema,
  SiteSettingsSchema,
} from './site-settings.ts';

export { AUTH_PATHS };
export type { CollectionKey, ContentFamilyKey, ImageFolder, ImageRule, RequestFamilyKey };
export { COLLECTION_KEYS } from './families.ts';

interface FamilyBase<K extends string> {
  key: K;
  /** API path without the id segment. */
  path: string;
  /** Netlify CDN cache tag purged by every write of this family. */
  cacheTag: string;
  /** Stored item schema (what the API returns and the content loaders validate). */
  itemSchema: z.ZodType;
}

export interface ContentMessages {
  added: string;
  updated: string;
  deleted: string;
  empty: string;
  fetchFailed: string;
  addFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/** A family with the full content lifecycle: public list, admin create/read/update/delete, CSV. */
export interface ContentFamily<K extends string = string> extends FamilyBase<K> {
  kind: 'content';
  /** In form order: the admin form and list card show them in this order. */
  fields: readonly Field[];
  /** The field that names an item (lists, confirmations, "Editing: …", the trash). */
  titleField: string;
  inputSchema: z.ZodType;
  image: ImageRule | null;
  /** Whether the admin form sends multipart (with an image) or JSON: every family with a picture does. */
  multipart: boolean;
  confirmDelete: string | null;
  messages: ContentMessages;
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
  spec: { fields: readonly F[]; confirmDelete: string | null; messages: ContentMessages },
): TypedContentFamily<K, F> {
  const image = imageFieldOf(spec.fields);
  return {
    key,
    kind: 'content',
    path: familyPath(key),
    cacheTag: key,
    fields: spec.fields,
    titleField: titleFieldOf(spec.fields),
    inputSchema: inputSchemaOf(spec.fields),
    itemSchema: itemSchemaOf(spec.fields),
    image: image as TypedContentFamily<K, F>['image'],
    multipart: image !== null,
    confirmDelete: spec.confirmDelete,
    messages: spec.messages,
  };
}

const title = textField('title', {
  label: 'Title',
  max: MAX_LENGTH.title,
  required: VALIDATION.titleRequired,
});
const description = textField('description', {
  kind: 'textarea',
  label: 'Description',
  max: MAX_LENGTH.description,
  required: VALIDATION.descriptionRequired,
});
const downscaled = { requiredOnCreate: true, browserDownscale: true, hint: null } as const;

export const contentFamilies = {
  homeContent: contentFamily('homeContent', {
    fields: [imageField({ folder: 'content', storedAs: 'path', ...downscaled }), title],
    confirmDelete: CONFIRM.content,
    messages: {
      ...ADMIN.homeContent,
      addFailed: ADMIN.homeContent.saveFailed,
      updateFailed: ADMIN.homeContent.saveFailed,
    },
  }),
  homeService: contentFamily('homeService', {
    fields: [
      imageField({
        folder: 'services',
        storedAs: 'fileName',
        ...downscaled,
        hint: ADMIN.homeService.imageHint,
      }),
      title,
      description,
    ],
    confirmDelete: CONFIRM.service,
    messages: {
      ...ADMIN.homeService,
      addFailed: ADMIN.homeService.saveFailed,
      updateFailed: ADMIN.homeService.saveFailed,
    },
  }),
  homeCourse: contentFamily('homeCourse', {
    fields: [title, description],
    confirmDelete: null,
    messages: ADMIN.homeCourse,
  }),
  serviceContent: contentFamily('serviceContent', {
    fields: [
      imageField({ folder: 'services', storedAs: 'fileName', ...downscaled }),
      title,
      description,
      pointsField('points', {
        label: 'Points',
        min: SERVICE_POINTS_MIN,
        minMessage: VALIDATION.pointsMinFour,
        max: POINTS_MAX,
        fixed: SERVICE_POINTS_MIN,
        initial: SERVICE_POINTS_MIN,
        keepAtLeast: SERVICE_POINTS_MIN,
      }),
    ],
    confirmDelete: CONFIRM.content,
    messages: ADMIN.serviceContent,
  }),
  career: contentFamily('career', {
    fields: [
      imageField({
        folder: 'careers',
        storedAs: 'fileName',
        requiredOnCreate: false,
        browserDownscale: false,
        hint: null,
      }),
      title,
      description,
      pointsField('points', {
        label: 'Points',
        min: CAREER_POINTS_MIN,
        minMessage: VALIDATION.pointsMinOne,
        max: POINTS_MAX,
        fixed: 0,
        initial: CAREER_POINTS_MIN,
        keepAtLeast: CAREER_POINTS_MIN,
      }),
      textField('applyTo', {
        label: ADMIN.career.applyToLabel,
        hint: ADMIN.career.applyToHint,
        max: MAX_LENGTH.applyTo,
        required: null,
        format: 'applyTo',
      }),
    ],
    confirmDelete: CONFIRM.career,
    messages: ADMIN.career,
  }),
} as const satisfies Record<ContentFamilyKey, ContentFamily>;

/**
 * A request CSV column: a stored field under a header staff read. `time` cells are written as IST date and time,
 * `status` cells as the status's label (a request stored before statuses existed is new).
 */
export interface RequestCsvColumn {
  field: string;
  header: string;
  format?: 'time' | 'status';
}

const csvColumns = (...middle: RequestCsvColumn[]): readonly RequestCsvColumn[] => [
  { field: 'createdAt', header: CSV_HEADERS.received, format: 'time' },
  { field: 'name', header: CSV_HEADERS.name },
  { field: 'email', header: CSV_HEADERS.email },
  { field: 'phone', header: CSV_HEADERS.phone },
  ...middle,
  { field: 'message', header: CSV_HEADERS.message },
  { field: 'status', header: CSV_HEADERS.status, format: 'status' },
  { field: 'note', header: CSV_HEADERS.note },
  { field: 'updatedAt', header: CSV_HEADERS.updated, format: 'time' },
];

/** Personal-data requests: public create, admin list (newest first, paginated) and delete. */
export interface RequestFamily<K extends string = string> extends FamilyBase<K> {
  kind: 'request';
  /** The field that names an item in the trash. */
  titleField: string;
  inputSchema: z.ZodType;
  /** The CSV's columns, in order: one row per request, headers for people, times in IST (issue 21.6). */
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
}

export const requestFamilies = {
  contact: {
    key: 'contact',
    kind: 'request',
    path: familyPath('contact'),
    cacheTag: 'contact',
    titleField: 'name',
    inputSchema: ContactInputSchema,
    itemSchema: ContactSchema,
    csvColumns: csvColumns(),
    statuses: REQUEST_STATUSES.contact,
    patchSchema: requestPatchSchema(REQUEST_STATUSES.contact),
    listQuerySchema: requestListQuerySchema(REQUEST_STATUSES.contact),
    courseFilter: false,
    messages: {
      deleted: ADMIN.contact.deleted,
      empty: ADMIN.contact.empty,
      fetchFailed: ADMIN.contact.fetchFailed,
      deleteFailed: ADMIN.contact.deleteFailed,
    },
  },
  enroll: {
    key: 'enroll',
    kind: 'request',
    path: familyPath('enroll'),
    cacheTag: 'enroll',
    titleField: 'name',
    inputSchema: EnrollInputSchema,
    itemSchema: EnrollSchema,
    csvColumns: csvColumns({ field: 'course', header: CSV_HEADERS.course }),
    statuses: REQUEST_STATUSES.enroll,
    patchSchema: requestPatchSchema(REQUEST_STATUSES.enroll),
    listQuerySchema: requestListQuerySchema(REQUEST_STATUSES.enroll),
    courseFilter: true,
    messages: {
      deleted: ADMIN.enroll.deleted,
      empty: ADMIN.enroll.empty,
      fetchFailed: ADMIN.enroll.fetchFailed,
      deleteFailed: ADMIN.enroll.deleteFailed,
    },
  },
} as const satisfies Record<RequestFamilyKey, RequestFamily>;

/** Enrollable courses: public list, admin add (unique name, case-insensitive) and delete. */
export const enrollCourseFamily = {
  key: 'enrollCourse',
  kind: 'enrollCourse',
  path: familyPath('enrollCourse'),
  cacheTag: 'enrollCourse',
  titleField: 'courseName',
  inputSchema: EnrollCourseInputSchema,
  updateSchema: EnrollCourseUpdateSchema,
  itemSchema: EnrollCourseSchema,
  confirmDelete: CONFIRM.course,
} as const;

/** Stats: one document, public read, admin update. */
export const statsFamily = {
  key: 'stats',
  kind: 'stats',
  path: familyPath('stats'),
  cacheTag: 'stats',
  inputSchema: StatsInputSchema,
  itemSchema: StatsSchema,
} as const;

/**
 * Site settings (issue 12.7): one stored item, public read, admin update, with a history like content items.
 * `valuesSchema` is what the API answers and the build reads; `itemSchema` the stored item with its metadata.
 */
export const settingsFamily = {
  key: 'siteSettings',
  kind: 'settings',
  // Not its key: the settings are one thing, not a list.
  path: `${API_PREFIX}/settings`,
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
/** One trash entry: owners `DELETE` it to delete the item for good before the purge (issue 21.11). */
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

/** The admin's CSV export of a family's items: every request family and every content family. */
export const CSV_EXPORT_NAME = 'export.csv';
export const csvPath = (family: { path: string }) => `${family.path}/${CSV_EXPORT_NAME}`;
export const exportPath = (family: RequestFamilyKey) => csvPath(requestFamilies[family]);

export type Career = z.infer<typeof contentFamilies.career.itemSchema>;
/** Any content family's item, as the generic admin screen sees it (its fields by name). */
export type ContentItem = z.infer<typeof StoredMetaSchema> & { image?: string } & Record<string, unknown>;
