/**
 * The ImageService port (port.ts) over the pipeline and the Blobs image store.
 *
 * - A width the pipeline skipped (the image was narrower) has no `-{width}` file; read() answers it with the main
 *   file, which is then the best available size, so every srcset that image-url.ts builds resolves.
 * - remove() deletes whatever the folder holds under the hash (listed), plus the names we know, so variants of
 *   earlier width settings are not orphaned either. Names are content-addressed: two items holding the same picture
 *   share blobs, so callers remove a name only when no other item of the folder still holds it (ownImageHash).
 * - A failed store() may leave some variants behind; they are harmless, and a retry of the same file writes the very
 *   same names.
 */
import type { Store } from '@netlify/blobs';
import type { ImageFolder } from '../../lib/collections.ts';
import { IMAGE_MAX_BYTES } from '../../lib/constants.ts';
import { IMAGE_FOLDER_RULES } from '../../lib/families.ts';
import { API } from '../../lib/api-messages.ts';
import {
  IMAGE_CONTENT_TYPE,
  isImageFolder,
  mainFileName,
  ownImageHash,
  parseImageFileName,
  suffixedWidthsOf,
  variantFileName,
} from './image-names.ts';
import type { NormalisedImage } from './image-pipeline.ts';
import { createImageStore, type ImageBlobStore } from './image-store.ts';
import { ImageRejectedError, type ImageService, type ProcessedImage } from './port.ts';

export interface ImageServiceOptions {
  /** A Blobs store (tests); default: the `images` store of the environment. */
  store?: Store;
  /** Longest wait for one store operation before it counts as unavailable (default 8 s). */
  timeoutMs?: number;
}

/**
 * Every check store() makes and the variants it would write, writing nothing: the importer's dry run calls this so
 * that it refuses exactly the pictures a real run refuses (the folder's minimum size included).
 */
export async function prepareImage(folder: ImageFolder, file: Blob): Promise<NormalisedImage> {
  if (!isImageFolder(folder)) throw new Error(`Unknown image folder: ${String(folder)}`);
  // Checked on the declared size, before reading or decoding anything.
  if (file.size > IMAGE_MAX_BYTES) throw new ImageRejectedError(413, API.payloadTooLarge);
  // sharp (a native library) loads on the first upload only, not in the cold start of every API function.
  const { processImage } = await import('./image-pipeline.ts');
  return processImage(new Uint8Array(await file.arrayBuffer()), IMAGE_FOLDER_RULES[folder]);
}

export function createImageService(options: ImageServiceOptions = {}): ImageService {
  const blobs: ImageBlobStore = createImageStore(options.store, { timeoutMs: options.timeoutMs });

  return {
    blobs,

    async store(folder: ImageFolder, file: Blob): Promise<ProcessedImage> {
      const image = await prepareImage(folder, file);
      await Promise.all(
        image.variants.map((variant) =>
          blobs.put(folder, variant.fileName, variant.bytes, IMAGE_CONTENT_TYPE),
        ),
      );
      return { fileName: mainFileName(image.hash), width: image.width, height: image.height };
    },

    async remove(folder: ImageFolder, storedValue: string | undefined | null): Promise<void> {
      if (!isImageFolder(folder)) return;
      const hash = ownImageHash(folder, storedValue);
      if (!hash) return;
      const listed = await blobs.list(folder, hash);
      const main = mainFileName(hash);
      const variants = new Set([
        ...suffixedWidthsOf(folder).map((width) => variantFileName(hash, width)),
        // Only names of this hash in our pattern, whatever else the listing holds.
        ...listed.filter((name) => name !== main && isFileOf(hash, name)),
      ]);
      await Promise.all([...variants].map((name) => blobs.delete(folder, name)));
      // The main file goes last: if a variant delete fails, the image is still whole and a retry finds it all.
      await blobs.delete(folder, main);
    },

    async read(folder: ImageFolder, fileName: string) {
      if (!isImageFolder(folder)) return null;
      const parsed = parseImageFileName(fileName);
      // A width the folder never writes (the wide one outside full-width folders) would only alias the main file.
      if (!parsed || (parsed.width !== null && !suffixedWidthsOf(folder).includes(parsed.width))) return null;
      const found =
        (await blobs.get(folder, fileName)) ??
        (parsed.width === null ? null : await blobs.get(folder, mainFileName(parsed.hash)));
      // Always served as WebP, whatever a blob's metadata says: only our pipeline's output lives under these names.
      return found ? { body: found.body, contentType: IMAGE_CONTENT_TYPE } : null;
    },
  };
}

/** The main file or any `-{width}` file of this hash, including widths no longer configured. */
function isFileOf(hash: string, name: string): boolean {
  const suffix = name.startsWith(hash) ? name.slice(hash.length) : null;
  return suffix !== null && /^(?:-[0-9]{1,5})?\.webp$/.test(suffix);
}
