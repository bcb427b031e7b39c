/**
 * A picture for a markdown body: stored through the image pipeline like an image field's, but on its
 * own, so the editor can put its address into the text before the item is saved. Names are content hashes, so a
 * picture uploaded twice is one set of blobs; one uploaded and never saved into a body stays as an orphan.
 */
import { API, VALIDATION } from '../../lib/api-messages.ts';
import {
  MARKDOWN_PICTURE_FIELD,
  MARKDOWN_PICTURE_FOLDER,
  MARKDOWN_PICTURES_PATH,
  markdownPictureUrl,
  type MarkdownPicture,
} from '../../lib/markdown-pictures.ts';
import { formFields, readMultipart } from '../http/body.ts';
import { created, HttpError } from '../http/respond.ts';
import { STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validationFailure } from '../http/validate.ts';

async function storePicture({ request, deps }: StaffInput): Promise<Response> {
  const { file } = formFields(await readMultipart(request), MARKDOWN_PICTURE_FIELD);
  if (!file) throw new HttpError(validationFailure({ [MARKDOWN_PICTURE_FIELD]: VALIDATION.imageRequired }));
  const stored = await deps.images.store(MARKDOWN_PICTURE_FOLDER, file);
  const picture: MarkdownPicture = {
    url: markdownPictureUrl(stored.fileName),
    width: stored.width,
    height: stored.height,
  };
  return created(picture, API.markdownPictureStored);
}

export const markdownPictureRoutes: readonly ApiRoute[] = [
  staffRoute(
    'POST',
    MARKDOWN_PICTURES_PATH,
    STAFF,
    { none: 'a picture alone changes no content: the save that puts it into a body is audited' },
    storePicture,
  ),
];
