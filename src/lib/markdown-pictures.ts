/**
 * Pictures in a markdown body: uploaded on their own, before the item that shows them is saved, into
 * one folder for every family, and written into the source as `![alt](/uploads/markdown/{hash}.webp)` — the
 * root-relative form image fields store as a path, which src/lib/markdown.ts keeps and the build bakes.
 */
import { API_PREFIX } from './constants.ts';
import type { ImageFolder } from './families.ts';

export const MARKDOWN_PICTURES_PATH = `${API_PREFIX}/markdown-pictures`;
export const MARKDOWN_PICTURE_FOLDER = 'markdown' satisfies ImageFolder;
/** The multipart field the picture travels in, as the content families' own `image`. */
export const MARKDOWN_PICTURE_FIELD = 'image';

/** The address a stored picture is shown from (the uploads function, or the deploy once a build baked it). */
export const markdownPictureUrl = (fileName: string) => `/uploads/${MARKDOWN_PICTURE_FOLDER}/${fileName}`;

/** What the upload answers in `data`. */
export interface MarkdownPicture {
  url: string;
  width: number;
  height: number;
}
