/**
 * Which picked files the admin sends at all: the formats the server's image pipeline takes and,
 * for a family whose pictures are sent as picked, the server's size limit. A refused file is explained at once, in the server's own words, instead of failing on Save.
 */
import { IMAGE_MAX_BYTES } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { PICTURE_SNIFF_BYTES, isPictureData } from '../../lib/picture-bytes.ts';

export const ACCEPTED_IMAGE_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
];

/** Why a file is refused, or null when it can be sent. Downscaled pictures are shrunk first, so size is moot. */
export function imageRefusal(file: File, options: { downscaled: boolean }): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return API.notAnImage;
  if (!options.downscaled && file.size > IMAGE_MAX_BYTES) return API.payloadTooLarge;
  return null;
}

/** Whether the file's own first bytes are a picture's, whatever its name and the type guessed from it. */
export async function isPictureFile(file: Blob): Promise<boolean> {
  return isPictureData(new Uint8Array(await file.slice(0, PICTURE_SNIFF_BYTES).arrayBuffer()));
}

/**
 * imageRefusal, then the bytes: a text file named .png has the type image/png, so only its content
 * tells it is no picture, in the words the server uses for it.
 */
export async function pictureRefusal(file: File, options: { downscaled: boolean }): Promise<string | null> {
  return imageRefusal(file, options) ?? ((await isPictureFile(file)) ? null : API.notAPicture);
}
