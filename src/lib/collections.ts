/**
 * The collections registry: one description per content family, the single source of truth for the generic
 * CRUD handler (src/server), the build-time content loaders, the admin screens and the contract tests.
 * Plain data and schemas only: safe to ship to a browser.
 */
import type { z } from 'zod';
import { API_PREFIX } from './constants.ts';
import { ADMIN, CONFIRM } from './messages.ts';
import {
  CareerInputSchema,
  CareerSchema,
  ContactInputSchema,
  ContactSchema,
  EnrollCourseInputSchema,
  EnrollCourseSchema,
  EnrollInputSchema,
  EnrollSchema,
  HomeContentInputSchema,
  HomeContentSchema,
  HomeCourseInputSchema,
  HomeCourseSchema,
  HomeServiceInputSchema,
  HomeServiceSchema,
  ServiceContentInputSchema,
  ServiceContentSchema,
  StatsInputSchema,
  StatsSchema,
} from './schemas.ts';

/** Blob folders under /uploads (ARCHITECTURE.md "Images"). */
export type ImageFolder = 'content' | 'services' | 'careers';

export interface ImageRule {
  folder: ImageFolder;
  /** Whether a create without an image is rejected with 'Please select an image'. */
  requiredOnCreate: boolean;
  /**
   * How the stored `image` value looks, so the spec's resolution rules hold:
   * 'path' is `/uploads/{folder}/{name}` (home content: "path or full URL");
   * 'fileName' is the bare name, resolved under `uploads/{folder}` (services, careers).
   */
  storedAs: 'path' | 'fileName';
  /** Spec section 5: home content, home service and service content are downscaled in the browser; careers are sent as picked. */
  browserDownscale: boolean;
}

interface FamilyBase<K extends string> {
  key: K;
  /** API path without the id segment. */
  path: string;
  /** Netlify CDN cache tag purged by every write of this family. */
  cacheTag: string;
  /** Stored item schema (what the API returns and the content loaders validate). */
  itemSchema: z.ZodType;
}

/** The five families with the full content lifecycle: public list, admin create/update/delete. */
export interface ContentFamily<K extends string = ContentFamilyKey> extends FamilyBase<K> {
  kind: 'content';
  inputSchema: z.ZodType;
  image: ImageRule | null;
  /** Whether the admin form sends multipart (with an image) or JSON. */
  multipart: boolean;
  confirmDelete: string | null;
  messages: {
    added: string;
    updated: string;
    deleted: string;
    empty: string;
    fetchFailed: string;
    addFailed: string;
    updateFailed: string;
    deleteFailed: string;
  };
}

/** Personal-data requests: public create, admin list (newest first, paginated) and delete. */
export interface RequestFamily<K extends string = RequestFamilyKey> extends FamilyBase<K> {
  kind: 'request';
  inputSchema: z.ZodType;
  /** Fields exported to CSV, in column order. */
  csvFields: readonly string[];
  messages: { deleted: string; empty: string; fetchFailed: string; deleteFailed: string };
}

export const contentFamilies = {
  homeContent: {
    key: 'homeContent',
    kind: 'content',
    path: `${API_PREFIX}/homeContent`,
    cacheTag: 'homeContent',
    inputSchema: HomeContentInputSchema,
    itemSchema: HomeContentSchema,
    image: { folder: 'content', requiredOnCreate: true, storedAs: 'path', browserDownscale: true },
    multipart: true,
    confirmDelete: CONFIRM.content,
    messages: {
      added: ADMIN.homeContent.added,
      updated: ADMIN.homeContent.updated,
      deleted: ADMIN.homeContent.deleted,
      empty: ADMIN.homeContent.empty,
      fetchFailed: ADMIN.homeContent.fetchFailed,
      addFailed: ADMIN.homeContent.saveFailed,
      updateFailed: ADMIN.homeContent.saveFailed,
      deleteFailed: ADMIN.homeContent.deleteFailed,
    },
  },
  homeService: {
    key: 'homeService',
    kind: 'content',
    path: `${API_PREFIX}/homeService`,
    cacheTag: 'homeService',
    inputSchema: HomeServiceInputSchema,
    itemSchema: HomeServiceSchema,
    image: { folder: 'services', requiredOnCreate: true, storedAs: 'fileName', browserDownscale: true },
    multipart: true,
    confirmDelete: CONFIRM.service,
    messages: {
      added: ADMIN.homeService.added,
      updated: ADMIN.homeService.updated,
      deleted: ADMIN.homeService.deleted,
      empty: ADMIN.homeService.empty,
      fetchFailed: ADMIN.homeService.fetchFailed,
      addFailed: ADMIN.homeService.saveFailed,
      updateFailed: ADMIN.homeService.saveFailed,
      deleteFailed: ADMIN.homeService.deleteFailed,
    },
  },
  homeCourse: {
    key: 'homeCourse',
    kind: 'content',
    path: `${API_PREFIX}/homeCourse`,
    cacheTag: 'homeCourse',
    inputSchema: HomeCourseInputSchema,
    itemSchema: HomeCourseSchema,
    image: null,
    multipart: false,
    confirmDelete: null,
    messages: {
      added: ADMIN.homeCourse.added,
      updated: ADMIN.homeCourse.updated,
      deleted: ADMIN.homeCourse.deleted,
      empty: ADMIN.homeCourse.empty,
      fetchFailed: ADMIN.homeCourse.fetchFailed,
      addFailed: ADMIN.homeCourse.addFailed,
      updateFailed: ADMIN.homeCourse.updateFailed,
      deleteFailed: ADMIN.homeCourse.deleteFailed,
    },
  },
  serviceContent: {
    key: 'serviceContent',
    kind: 'content',
    path: `${API_PREFIX}/serviceContent`,
    cacheTag: 'serviceContent',
    inputSchema: ServiceContentInputSchema,
    itemSchema: ServiceContentSchema,
    image: { folder: 'services', requiredOnCreate: true, storedAs: 'fileName', browserDownscale: true },
    multipart: true,
    confirmDelete: CONFIRM.content,
    messages: {
      added: ADMIN.serviceContent.added,
      updated: ADMIN.serviceContent.updated,
      deleted: ADMIN.serviceContent.deleted,
      empty: ADMIN.serviceContent.empty,
      fetchFailed: ADMIN.serviceContent.fetchFailed,
      addFailed: ADMIN.serviceContent.addFailed,
      updateFailed: ADMIN.serviceContent.updateFailed,
      deleteFailed: ADMIN.serviceContent.deleteFailed,
    },
  },
  career: {
    key: 'career',
    kind: 'content',
    path: `${API_PREFIX}/career`,
    cacheTag: 'career',
    inputSchema: CareerInputSchema,
    itemSchema: CareerSchema,
    image: { folder: 'careers', requiredOnCreate: false, storedAs: 'fileName', browserDownscale: false },
    multipart: true,
    confirmDelete: CONFIRM.career,
    messages: {
      added: ADMIN.career.added,
      updated: ADMIN.career.updated,
      deleted: ADMIN.career.deleted,
      empty: ADMIN.career.empty,
      fetchFailed: ADMIN.career.fetchFailed,
      addFailed: ADMIN.career.addFailed,
      updateFailed: ADMIN.career.updateFailed,
      deleteFailed: ADMIN.career.deleteFailed,
    },
  },
} as const satisfies Record<string, ContentFamily<string>>;

export const requestFamilies = {
  contact: {
    key: 'contact',
    kind: 'request',
    path: `${API_PREFIX}/contact`,
    cacheTag: 'contact',
    inputSchema: ContactInputSchema,
    itemSchema: ContactSchema,
    csvFields: ['createdAt', 'name', 'email', 'phone', 'message'],
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
    path: `${API_PREFIX}/enroll`,
    cacheTag: 'enroll',
    inputSchema: EnrollInputSchema,
    itemSchema: EnrollSchema,
    csvFields: ['createdAt', 'name', 'email', 'phone', 'course', 'message'],
    messages: {
      deleted: ADMIN.enroll.deleted,
      empty: ADMIN.enroll.empty,
      fetchFailed: ADMIN.enroll.fetchFailed,
      deleteFailed: ADMIN.enroll.deleteFailed,
    },
  },
} as const satisfies Record<string, RequestFamily<string>>;

/** Enrollable courses: public list, admin add (unique name, case-insensitive) and delete. */
export const enrollCourseFamily = {
  key: 'enrollCourse',
  kind: 'enrollCourse',
  path: `${API_PREFIX}/enrollCourse`,
  cacheTag: 'enrollCourse',
  inputSchema: EnrollCourseInputSchema,
  itemSchema: EnrollCourseSchema,
  confirmDelete: CONFIRM.course,
} as const;

/** Stats: one document, public read, admin update. */
export const statsFamily = {
  key: 'stats',
  kind: 'stats',
  path: `${API_PREFIX}/stats`,
  cacheTag: 'stats',
  inputSchema: StatsInputSchema,
  itemSchema: StatsSchema,
} as const;

export type ContentFamilyKey = keyof typeof contentFamilies;
export type RequestFamilyKey = keyof typeof requestFamilies;
/** Every stored collection of items (stats is a single document, not a collection). */
export type CollectionKey = ContentFamilyKey | RequestFamilyKey | 'enrollCourse';

export const COLLECTION_KEYS: readonly CollectionKey[] = [
  ...(Object.keys(contentFamilies) as ContentFamilyKey[]),
  ...(Object.keys(requestFamilies) as RequestFamilyKey[]),
  'enrollCourse',
];

/** Every family, for things that walk all of them (authorisation matrix, cache tags, docs). */
export const allFamilies = [
  ...Object.values(contentFamilies),
  ...Object.values(requestFamilies),
  enrollCourseFamily,
  statsFamily,
] as const;

export const AUTH_PATHS = {
  login: `${API_PREFIX}/auth/login`,
  logout: `${API_PREFIX}/auth/logout`,
  session: `${API_PREFIX}/auth/session`,
} as const;

/** CSV export of personal-data requests (admin only). */
export const exportPath = (family: RequestFamilyKey) => `${requestFamilies[family].path}/export.csv`;
