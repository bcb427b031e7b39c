/**
 * Uploads a picture for a markdown body to POST /api/v1/markdown-pictures: checked and downscaled in
 * the browser as image fields' pictures are, sent over the admin's multipart upload (progress, the 401 rule),
 * answered with the address the body shows it from.
 */
import {
  MARKDOWN_PICTURE_FIELD,
  MARKDOWN_PICTURE_FOLDER,
  MARKDOWN_PICTURES_PATH,
  type MarkdownPicture,
} from '../../lib/markdown-pictures.ts';
import { MARKDOWN_EDITOR } from '../../lib/staff-messages.ts';
import { failureText, uploadForm } from '../api/admin-api.ts';
import { pictureRefusal } from '../image/accept.ts';
import { downscaleImage } from '../image/downscale.ts';

export type PictureUpload = { ok: true; picture: MarkdownPicture } | { ok: false; reason: string };

export async function uploadMarkdownPicture(
  file: File,
  onProgress: (percent: number) => void,
): Promise<PictureUpload> {
  const refusal = await pictureRefusal(file, { downscaled: true });
  if (refusal) return { ok: false, reason: refusal };
  let prepared: File;
  try {
    prepared = await downscaleImage(file, MARKDOWN_PICTURE_FOLDER);
  } catch {
    return { ok: false, reason: MARKDOWN_EDITOR.pictureUnreadable };
  }
  const form = new FormData();
  form.append(MARKDOWN_PICTURE_FIELD, prepared);
  try {
    const answer = (await uploadForm(MARKDOWN_PICTURES_PATH, 'POST', form, onProgress)) as {
      data?: Partial<MarkdownPicture>;
    };
    const picture = answer.data;
    if (typeof picture?.url !== 'string') return { ok: false, reason: MARKDOWN_EDITOR.pictureFailed };
    return { ok: true, picture: picture as MarkdownPicture };
  } catch (error) {
    return { ok: false, reason: failureText(error, MARKDOWN_EDITOR.pictureFailed) };
  }
}
