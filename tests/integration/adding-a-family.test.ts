/**
 * docs/architecture.md "Adding a family", proved: a "testimonials" family written as one file
 * (tests/support/testimonial-family.ts, as src/families/testimonial.ts would be) — added to the real list of
 * families (src/families/all.ts), not to a registry injected into one layer — gets its API with validation and
 * authorisation, an admin screen in the navigation, drafts, order, scheduled publishing, trash and history, audit
 * entries naming it, backup and restore (an archive from before it existed too), its preview in the page its
 * definition names, the demo seed running with it, its build-time items and its public section (rendered with
 * Astro's Container API: this file runs in the astro vitest project), with no other file changed. If this test
 * needs a change elsewhere to pass, something is listed by hand again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/families/all.ts', async (importOriginal) => {
  const { FAMILY_DEFINITIONS } = await importOriginal<typeof import('../../src/families/all.ts')>();
  const { family: testimonial } = await import('../support/testimonial-family.ts');
  return { FAMILY_DEFINITIONS: [...FAMILY_DEFINITIONS, testimonial] };
});

/**
 * Pages read the store of their process when they render (src/content-order.ts, through `getRepository`); here that
 * is the test's store, so a page section renders exactly what a page would show.
 */
const pages = vi.hoisted(() => ({
  repository: null as null | import('../../src/server/repository/port.ts').Repository,
}));
vi.mock('../../src/server/repository/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/server/repository/index.ts')>()),
  getRepository: () => {
    if (!pages.repository) throw new Error('No store for the pages yet');
    return pages.repository;
  },
}));

const {
  COLLECTION_KEYS,
  contentFamilies: realFamilies,
  orderPath,
  revisionsPath,
  TRASH_PATH,
  trashRestorePath,
} = await import('../../src/lib/collections.ts');
const { AUDIT_PATH } = await import('../../src/lib/identity.ts');
const { familyLabel } = await import('../../src/families/index.ts');
const { SCREENS } = await import('../../src/admin/stores/router.ts');
const { CONTENT_SCREENS: realScreens } = await import('../../src/admin/content-screens.ts');
const { resolveRoute } = await import('../../src/admin/route-decision.ts');
const { activitySentence } = await import('../../src/admin/format/activity.ts');
const { publishedItems } = await import('../../src/content-loaders.ts');
const { backupBuffer, collectBackup, MANIFEST_PATH } = await import('../../src/server/migration/backup.ts');
const { restoreBackup } = await import('../../scripts/migration/restore.ts');
const { packArchiveToBuffer, unpackArchive } = await import('../../src/server/migration/archive.ts');
const { createImageService } = await import('../../src/server/images/image-service.ts');
const { createImageStore } = await import('../../src/server/images/image-store.ts');
const { BLOB_STORES } = await import('../../src/server/repository/keys.ts');
const { body, startApi } = await import('./api-harness.ts');
const { runScheduledPublishing } = await import('../../src/server/schedule/scheduled-publishing.ts');
const { rendererOf, renderPreview } = await import('../../src/server/preview/renderers.ts');
const { seedDemoContent } = await import('../../scripts/seed/seed.ts');

type Api = Awaited<ReturnType<typeof startApi>>;
// The compiler knows the real list of definitions; this file's mock adds one it cannot see.
const contentFamilies = realFamilies as typeof realFamilies &
  Record<'testimonial', (typeof realFamilies)[keyof typeof realFamilies]>;
const CONTENT_SCREENS = realScreens as Record<string, (typeof realScreens)['homeCourse']>;
const path = '/api/v1/testimonial';
let api: Api;
let images: ReturnType<typeof createImageStore>;

beforeAll(async () => {
  // One Blobs test server for both: the API's own, with a store of its own for the pictures.
  api = await startApi();
  const store = api.blobs.getStore(`${BLOB_STORES.images}-adding-a-family`);
  images = createImageStore(store);
  api.deps.images = createImageService({ store });
});
afterAll(() => api.stop());

const add = async (person: string, quote: string, published = true) => {
  const form = new FormData();
  form.set('person', person);
  form.set('quote', quote);
  form.set('published', String(published));
  const response = await api.admin(path, { method: 'POST', form });
  expect(response.status).toBe(201);
  return ((await body(response)).data as { _id: string })._id;
};

describe('a family added as one definition', () => {
  it('gets an admin screen in the tools navigation, its route, and its name in the trash', () => {
    expect(SCREENS).toContainEqual(
      expect.objectContaining({
        route: 'testimonials',
        path: 'testimonials',
        label: 'Testimonials',
        group: 'tool',
        family: 'testimonial',
      }),
    );
    // The spec's sidebar keeps exactly its nine links.
    expect(SCREENS.filter((screen) => screen.group === 'section')).toHaveLength(9);
    expect(resolveRoute('testimonials', true)).toEqual({ kind: 'screen', route: 'testimonials' });
    expect(CONTENT_SCREENS.testimonial).toMatchObject({ heading: 'Testimonials', noun: 'Testimonial' });
    expect(familyLabel('testimonial')).toBe('Testimonials');
    expect(contentFamilies.testimonial.titleField).toBe('person');
  });

  it('is served by the API: validated, refused without a session, drafts kept from visitors', async () => {
    const refused = new FormData();
    refused.set('person', ' ');
    refused.set('quote', 'Anonymous praise');
    const invalid = await api.admin(path, { method: 'POST', form: refused });
    expect(invalid.status).toBe(400);
    expect((await body(invalid)).message).toBe('Who said it?');
    const anonymous = new FormData();
    anonymous.set('person', 'Mallory');
    anonymous.set('quote', 'Trust me');
    expect((await api.call(path, { method: 'POST', form: anonymous })).status).toBe(401);
    expect(await api.repository.list('testimonial')).toEqual([]);

    await add('Asha', 'The bug-hunting course got me my first bounty.');
    await add('Ravi', 'Not yet ready to be read.', false);
    const visible = (await body(await api.call(path))).data as { person: string }[];
    expect(visible.map((item) => item.person)).toEqual(['Asha']);
    const staff = (await body(await api.admin(`${path}?drafts=1`))).data as { person: string }[];
    expect(staff.map((item) => item.person)).toEqual(['Asha', 'Ravi']);
  });

  it('is ordered, kept in history, trashed and restored, and the audit log names it', async () => {
    const ids = (await api.repository.list('testimonial')).map((item) => item._id);
    const reordered = await api.admin(orderPath(contentFamilies.testimonial), {
      method: 'PUT',
      json: { ids: [...ids].reverse() },
    });
    expect(reordered.status).toBe(200);
    expect((await api.repository.list('testimonial')).map((item) => item._id)).toEqual([...ids].reverse());

    const [asha] = ids;
    const edited = await api.admin(`${path}/${asha}`, {
      method: 'PUT',
      json: { person: 'Asha R.', quote: 'My first bounty, thanks to this course.' },
    });
    expect(edited.status).toBe(200);
    const history = (await body(await api.admin(revisionsPath(contentFamilies.testimonial, asha!)))).data;
    expect(history).toHaveLength(2);

    expect((await api.admin(`${path}/${asha}`, { method: 'DELETE' })).status).toBe(200);
    const trash = (await body(await api.admin(TRASH_PATH))).data as { family: string; title: string }[];
    expect(trash).toContainEqual(expect.objectContaining({ family: 'testimonial', title: 'Asha R.' }));
    expect((await api.admin(trashRestorePath('testimonial', asha!), { method: 'POST' })).status).toBe(200);
    expect(await api.repository.get('testimonial', asha!)).toMatchObject({ person: 'Asha R.' });

    await api.settle();
    const entries = (await body(await api.admin(`${AUDIT_PATH}?limit=50`))).data as Parameters<
      typeof activitySentence
    >[0][];
    const sentences = entries
      .filter((entry) => entry.target.family === 'testimonial')
      .map((entry) => activitySentence(entry));
    expect(sentences).toContainEqual(expect.stringContaining('“Asha R.” in Testimonials'));
    expect(sentences).toContainEqual(expect.stringContaining('“Ravi” in Testimonials'));
  });

  it('is read by the build: published items only, in the admin’s order', async () => {
    const items = await publishedItems(api.repository, 'testimonial');
    expect(items.map((item) => [item.person, item.position])).toEqual([['Asha R.', 1]]);
  });

  it('shows its home-page section: its published items’ text, and no draft’s', async () => {
    pages.repository = api.repository;
    const { experimental_AstroContainer } = await import('astro/container');
    const { default: TestimonialsSection } = await import('../support/TestimonialsSection.astro');
    const html = await (await experimental_AstroContainer.create()).renderToString(TestimonialsSection);
    expect(html).toContain('What our students say');
    expect(html).toContain('My first bounty, thanks to this course.');
    expect(html).toContain('Asha R.');
    expect(html).not.toContain('Ravi');
    expect(html).not.toContain('Not yet ready to be read.');
  });

  it('is backed up and restored, and an archive from before it existed restores it empty', async () => {
    expect(COLLECTION_KEYS).toContain('testimonial');
    const before = await api.repository.list('testimonial');
    const archive = await backupBuffer(await collectBackup(api.repository, images, api.clock.now));
    const files = await unpackArchive(archive);
    expect(JSON.parse(files.get('collections/testimonial.json')!.toString())).toHaveLength(2);

    await api.repository.delete('testimonial', before[0]!._id);
    await restoreBackup(archive, { repository: api.repository, images });
    expect(await api.repository.list('testimonial')).toEqual(before);

    // The archive as a backup taken before the family was added: no file, no entry, no count.
    const manifest = JSON.parse(files.get(MANIFEST_PATH)!.toString()) as {
      counts: { collections: Record<string, number> };
      entries: { path: string }[];
    };
    const { testimonial: _dropped, ...counts } = manifest.counts.collections;
    files.delete('collections/testimonial.json');
    files.set(
      MANIFEST_PATH,
      Buffer.from(
        JSON.stringify({
          ...manifest,
          counts: { ...manifest.counts, collections: counts },
          entries: manifest.entries.filter((entry) => entry.path !== 'collections/testimonial.json'),
        }),
      ),
    );
    const older = await packArchiveToBuffer(
      [...files].map(([name, bytes]) => ({ path: name, bytes })),
      new Date(0),
    );
    const report = await restoreBackup(older, { repository: api.repository, images });
    expect(report.rows.find((row) => row.name === 'testimonial')).toMatchObject({ inBackup: 0, removed: 2 });
    expect(await api.repository.list('testimonial')).toEqual([]);
  });

  it('is published at the time staff set, by the scheduler every family shares', async () => {
    const form = new FormData();
    form.set('person', 'Meera');
    form.set('quote', 'Worth every weekend.');
    form.set('publishAt', new Date(api.clock.now.getTime() + 120_000).toISOString());
    const created = await api.admin(path, { method: 'POST', form });
    expect(created.status).toBe(201);
    const id = ((await body(created)).data as { _id: string })._id;
    const people = async () =>
      ((await body(await api.call(path))).data as { person: string }[]).map((i) => i.person);
    expect(await people()).not.toContain('Meera');
    api.clock.advance(120_000);
    const run = await runScheduledPublishing(api.deps);
    expect(run.changes).toContainEqual(expect.objectContaining({ family: 'testimonial', id }));
    expect(await api.repository.get('testimonial', id)).toMatchObject({ published: true });
    expect(await people()).toContain('Meera');
  });

  it('previews in the page its definition names, as its section’s card', () => {
    expect(rendererOf(contentFamilies.testimonial).shellPath).toBe('/about');
    const { title, body: html } = renderPreview(contentFamilies.testimonial, {
      person: 'Asha <b>',
      quote: 'My first bounty.',
    });
    expect(title).toBe('Asha <b>');
    expect(html).toContain('Asha &lt;b&gt;');
    expect(html).toContain('My first bounty.');
  });

  it('is seeded with the demo content: the seed creates every family it has items for, and none for this one', async () => {
    const before = await api.repository.count('testimonial');
    const created = await seedDemoContent(api.repository, api.deps.images);
    expect(created).toBeGreaterThan(0);
    expect(await api.repository.count('trainer')).toBeGreaterThan(0);
    expect(await api.repository.count('testimonial')).toBe(before);
  });
});
