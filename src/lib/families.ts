/**
 * What the public islands share with every other layer: a family's API path and the image folders. Tiny and
 * zod-free, so an island pays nothing for it; the families themselves are defined in registry.ts.
 */
import { API_PREFIX } from './constants.ts';

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
  // The course catalogue: trainers' photos and courses' pictures, shown in cards.
  trainers: { fullWidth: false, minShortSidePx: 160 },
  courses: { fullWidth: false, minShortSidePx: 160 },
  // Pictures placed in the body of any markdown field, by the admin's markdown editor.
  markdown: { fullWidth: false, minShortSidePx: 160 },
} as const satisfies Record<string, ImageFolderRule>;

export type ImageFolder = keyof typeof IMAGE_FOLDER_RULES;
export const IMAGE_FOLDERS = Object.keys(IMAGE_FOLDER_RULES) as ImageFolder[];

export const isImageFolder = (value: string): value is ImageFolder =>
  (IMAGE_FOLDERS as readonly string[]).includes(value);
