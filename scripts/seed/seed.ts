/**
 * Seeds the demo content into an empty store through the same repository and image service the API uses,
 * so what a fresh `npm start` shows is exactly what the API would have stored.
 */
import { contentFamilies, settingsFamily, type ContentFamilyKey } from '../../src/lib/collections.ts';
import { storedImageValue } from '../../src/lib/image-url.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { SINGLETON_ID } from '../../src/server/repository/keys.ts';
import type { ImageService } from '../../src/server/images/port.ts';
import type { Repository } from '../../src/server/repository/port.ts';
import { demoContent, demoEnrollCourses, demoSettings, demoStats, type DemoItem } from './demo-content.ts';
import { renderDemoPicture } from './demo-images.ts';

/** True when the store holds no content at all (a store with only requests or stats still counts as seeded). */
export async function isStoreEmpty(repository: Repository): Promise<boolean> {
  const counts = await Promise.all(
    [...(Object.keys(contentFamilies) as ContentFamilyKey[]), 'enrollCourse' as const].map((key) =>
      repository.count(key),
    ),
  );
  const stats = await repository.getDocument('stats');
  return counts.every((count) => count === 0) && stats === null;
}

export async function seedDemoContent(repository: Repository, images: ImageService): Promise<number> {
  // Draw every picture before the first upload: the pipeline blocks sharp's SVG loader process-wide once loaded.
  const pictures = new Map<DemoItem, Blob>();
  for (const items of Object.values(demoContent)) {
    for (const item of items) if (item.picture) pictures.set(item, await renderDemoPicture(item.picture));
  }
  let created = 0;
  for (const key of Object.keys(demoContent) as ContentFamilyKey[]) {
    const family = contentFamilies[key];
    for (const item of demoContent[key]) {
      const fields = { ...(family.inputSchema.parse(item.fields) as Record<string, unknown>) };
      const picture = pictures.get(item);
      if (picture && family.image) {
        const stored = await images.store(family.image.folder, picture);
        fields.image = storedImageValue(stored.fileName, family.image.folder, family.image.storedAs);
        fields.imageWidth = stored.width;
        fields.imageHeight = stored.height;
      }
      await repository.create(key, fields);
      created += 1;
    }
  }
  for (const courseName of demoEnrollCourses) {
    await repository.create('enrollCourse', { courseName });
    created += 1;
  }
  await repository.setDocument('stats', demoStats);
  // Today's site settings, stored: the admin's Site settings screen and its history start from them.
  const now = new Date().toISOString();
  await repository.put(settingsFamily.key, {
    _id: SINGLETON_ID,
    createdAt: now,
    updatedAt: now,
    ...SITE_SETTINGS_SEED,
    ...demoSettings,
  });
  return created + 1;
}
