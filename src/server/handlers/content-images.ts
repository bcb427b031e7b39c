/**
 * A content family's pictures: stored through the ImageService on a create or update, checked before a version
 * from the history brings one back, and freed once no item of any family sharing the folder holds them.
 */
import { contentFamilies, type ContentFamily } from '../../lib/collections.ts';
import { storedImageValue } from '../../lib/image-url.ts';
import type { Deps } from '../deps.ts';
import { ownImageHash, parseImageFileName } from '../images/image-names.ts';
import type { StoredItem } from '../repository/port.ts';

export async function pictureStored(
  family: ContentFamily,
  deps: Deps,
  storedValue: string,
): Promise<boolean> {
  const folder = family.image?.folder;
  if (!folder) return false;
  // External pictures (a full URL) are not ours to lose.
  const hash = ownImageHash(folder, storedValue);
  if (!hash) return true;
  const fileName = storedValue.split('/').pop() ?? '';
  return parseImageFileName(fileName) !== null && (await deps.images.read(folder, fileName)) !== null;
}

export async function storeImage(family: ContentFamily, deps: Deps, file: File) {
  const rule = family.image;
  if (!rule) throw new Error(`${family.key} has no image rule`);
  const processed = await deps.images.store(rule.folder, file);
  return {
    fields: {
      image: storedImageValue(processed.fileName, rule.folder, rule.storedAs),
      imageWidth: processed.width,
      imageHeight: processed.height,
    },
  };
}

/**
 * Removes an image no item uses any more. Names are content hashes, so the same picture uploaded for two items
 * (or for a home service and a service content, which share a folder) is one set of blobs: it goes only when
 * no item of any family in that folder, live or in the trash, still holds it. A failure leaves an orphan,
 * never a failed request.
 */
export async function discardImage(
  family: ContentFamily,
  deps: Deps,
  storedValue: string | undefined,
  /** The folder's items as known before a write that then failed (the store may be down now). */
  known?: StoredItem[],
) {
  const folder = family.image?.folder;
  const hash = folder ? ownImageHash(folder, storedValue) : null;
  if (!folder || !hash) return;
  try {
    const items = known ?? (await itemsSharingFolder(family, deps));
    if (items.some((item) => typeof item.image === 'string' && ownImageHash(folder, item.image) === hash))
      return;
    await deps.images.remove(folder, storedValue);
  } catch (error) {
    console.warn(
      `[images] could not remove ${storedValue}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Every item, live or in the trash, of the families whose pictures share this family's folder. */
export async function itemsSharingFolder(family: ContentFamily, deps: Deps): Promise<StoredItem[]> {
  const folder = family.image?.folder;
  const sharing = Object.values(contentFamilies).filter((other) => folder && other.image?.folder === folder);
  const keys = new Set<string>(sharing.map((other) => other.key));
  const [live, trash] = await Promise.all([
    Promise.all(sharing.map((other) => deps.repository.list(other.key))),
    deps.repository.listTrash(),
  ]);
  return [...live.flat(), ...trash.filter((entry) => keys.has(entry.collection)).map((entry) => entry.item)];
}
