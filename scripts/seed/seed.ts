/**
 * Seeds the demo content into an empty store through the same repository and image service the API uses,
 * so what a fresh `npm start` shows is exactly what the API would have stored.
 */
import { contentFamilies, settingsFamily, type ContentFamilyKey } from '../../src/lib/collections.ts';
import { fieldsOfKind, slugify } from '../../src/lib/fields.ts';
import { storedImageValue } from '../../src/lib/image-url.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { SINGLETON_ID } from '../../src/server/repository/keys.ts';
import type { ImageService } from '../../src/server/images/port.ts';
import type { Repository } from '../../src/server/repository/port.ts';
import {
  demoContent,
  demoEnrollCourses,
  demoSeatHolders,
  demoSettings,
  demoStats,
  type DemoItem,
} from './demo-content.ts';
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
  // Each created item's id by family and title, for the references of the families after it.
  const ids = new Map<string, string>();
  const idOf = (to: string, title: string) => {
    const id = ids.get(`${to}/${title}`);
    if (!id) throw new Error(`The demo refers to ${to} “${title}”, which it has not created`);
    return id;
  };
  // In registry order: a family refers only to families defined before it.
  for (const key of Object.keys(contentFamilies) as ContentFamilyKey[]) {
    const family = contentFamilies[key];
    // A family with no demo items (one the demo does not know yet) is left empty.
    for (const item of demoContent[key] ?? []) {
      const refs = Object.fromEntries(
        Object.entries(item.refs ?? {}).map(([name, titles]) => {
          const field = family.fields.find((candidate) => candidate.name === name);
          if (!field || (field.kind !== 'reference' && field.kind !== 'references'))
            throw new Error(`${key}.${name} is not a reference field`);
          return [
            name,
            typeof titles === 'string'
              ? idOf(field.to, titles)
              : titles.map((title) => idOf(field.to, title)),
          ];
        }),
      );
      const fields = {
        ...(family.inputSchema.parse({ ...item.fields, ...refs }) as Record<string, unknown>),
      };
      // What the API derives for an empty slug (the demo's titles are unique, so no suffix is needed).
      for (const field of fieldsOfKind(family.fields, 'slug'))
        if (!fields[field.name]) fields[field.name] = slugify(String(fields[field.from] ?? ''), field.max);
      const picture = pictures.get(item);
      if (picture && family.image) {
        const stored = await images.store(family.image.folder, picture);
        fields.image = storedImageValue(stored.fileName, family.image.folder, family.image.storedAs);
        fields.imageWidth = stored.width;
        fields.imageHeight = stored.height;
      }
      const stored = await repository.create(key, fields);
      ids.set(`${key}/${String(fields[family.titleField])}`, stored._id);
      created += 1;
    }
  }
  // Synthetic seat holders (demo-content.ts says why): enrolled requests that name their batch.
  for (const [batch, count] of Object.entries(demoSeatHolders)) {
    const batchId = idOf('batch', batch);
    const course = demoContent.batch.find((item) => item.fields.name === batch)?.refs?.course;
    for (let n = 1; n <= count; n += 1) {
      await repository.create('enroll', {
        name: `Demo student ${n} (${batch})`,
        email: `demo.student${n}@example.com`,
        phone: '+91 98765 43210',
        course: typeof course === 'string' ? course : '',
        batch: batchId,
        status: 'enrolled',
      });
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
