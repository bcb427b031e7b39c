/**
 * A picture (at most one per family, named `image`), with its alt text beside it. Its value is not sent as a
 * field: the file travels as multipart and the server stores the processed picture's name, size and alt text.
 */
import { z } from 'zod';
import type { ImageFolder } from '../families.ts';
import { resolveImageUrl } from '../image-url.ts';
import { asText, trimmedText, type FieldKind, type FieldPrivacy } from './kind.ts';

export interface ImageField extends FieldPrivacy {
  name: 'image';
  kind: 'image';
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
  /** Shown under the admin's picker (home services: displayed, not enforced). */
  hint: string | null;
}

export const imageField = <const O extends Omit<ImageField, 'name' | 'kind'>>(options: O) =>
  ({ name: 'image', kind: 'image', ...options }) as ImageField & O;

/** The alt text beside a picture: optional, trimmed, at most MAX_LENGTH.alt characters. */
export const ALT_FIELD = 'alt';

export const imageKind: FieldKind<ImageField> = {
  // The picture is a file, not a field value: its alt text is the input (src/lib/fields.ts adds it).
  input: () => z.never(),
  stored: (field) => (field.requiredOnCreate ? z.string() : z.string().optional()),
  toForm: () => '',
  fromForm: () => undefined,
  text: (field, value) => (trimmedText(value) === '' ? '' : resolveImageUrl(asText(value), field.folder)),
  // Which picture it was says nothing to a person: only that it was another one (or none), and its alt text.
  diff: (_field, version, current, words) => {
    const changes = [];
    if (trimmedText(version.image) !== trimmedText(current.image))
      changes.push({
        label: words.picture,
        old: trimmedText(version.image) === '' ? words.empty : words.otherPicture,
      });
    const alt = trimmedText(version[ALT_FIELD]);
    if (alt !== trimmedText(current[ALT_FIELD])) changes.push({ label: words.alt, old: alt || words.empty });
    return changes;
  },
  // The picture as its URL, which a spreadsheet can open.
  csv: (field, value) => (typeof value === 'string' ? resolveImageUrl(value, field.folder) : ''),
};
