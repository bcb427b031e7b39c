/**
 * The names every layer shares: family keys, their API paths and the image folders. Plain data with no zod, so the
 * public islands can import it at no cost; the full registry (fields, schemas, messages) in collections.ts is
 * checked against these lists by the compiler (`satisfies Record<…>`).
 */
import { API_PREFIX } from './constants.ts';

/** Families with the full content lifecycle: public list, admin create / read / update / delete. */
export const CONTENT_FAMILY_KEYS = [
  'homeContent',
  'homeService',
  'homeCourse',
  'serviceContent',
  'career',
] as const;
/** Personal-data requests: public create, admin list, delete and CSV. */
export const REQUEST_FAMILY_KEYS = ['contact', 'enroll'] as const;

export type ContentFamilyKey = (typeof CONTENT_FAMILY_KEYS)[number];
export type RequestFamilyKey = (typeof REQUEST_FAMILY_KEYS)[number];
/** Whether a collection (a trash entry's, an audit target's) holds personal-data requests. */
export const isRequestFamilyKey = (collection: string): collection is RequestFamilyKey =>
  (REQUEST_FAMILY_KEYS as readonly string[]).includes(collection);
/** Every stored collection of items (stats is a single document, not a collection). */
/** `siteSettings` (issue 12.7) holds one item, so the site settings have a history like every content item. */
export type CollectionKey = ContentFamilyKey | RequestFamilyKey | 'enrollCourse' | 'siteSettings';

/** A family's API path: its key under the API prefix (matched case-insensitively, as Netlify's router does). */
export const familyPath = <K extends string>(key: K) => `${API_PREFIX}/${key}` as const;

export interface ImageFolderRule {
  /** Shown across the whole viewport: gets the IMAGE_WIDE_VARIANT_WIDTH variant (and the browser keeps that much). */
  fullWidth: boolean;
  /** Smaller pictures are refused (a 1×1 image stretched over the hero); checked on the shorter side. */
  minShortSidePx: number;
}

/**
 * Blob folders under /uploads (docs/design.md "Images") and their picture rules: the one list of folders.
 * `content` is the home slider (full width, the hero of the home page); services and careers show pictures in cards.
 */
export const IMAGE_FOLDER_RULES = {
  content: { fullWidth: true, minShortSidePx: 320 },
  services: { fullWidth: false, minShortSidePx: 160 },
  careers: { fullWidth: false, minShortSidePx: 160 },
} as const satisfies Record<string, ImageFolderRule>;

export type ImageFolder = keyof typeof IMAGE_FOLDER_RULES;
export const IMAGE_FOLDERS = Object.keys(IMAGE_FOLDER_RULES) as ImageFolder[];

export const isImageFolder = (value: string): value is ImageFolder =>
  (IMAGE_FOLDERS as readonly string[]).includes(value);

export const COLLECTION_KEYS: readonly CollectionKey[] = [
  ...CONTENT_FAMILY_KEYS,
  ...REQUEST_FAMILY_KEYS,
  'enrollCourse',
  'siteSettings',
];
