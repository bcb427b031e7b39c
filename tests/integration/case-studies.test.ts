/**
 * Case studies (issue 25.3) through the real API on a real store: create and publish, an anonymous client's name
 * and quote attribution kept out of the public list and item and out of the build's data (the field option
 * `privateWhen`), a logo shown only with the client's permission (`publicWhen`), counts refused below 0, and a
 * changed slug kept for its redirect.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { CASE_STUDY } from '../../src/families/case-study.ts';
import { publishedItems } from '../../src/content-loaders.ts';
import { body, multipart, startApi, type Api } from './api-harness.ts';

const studies = contentFamilies.caseStudy;
type Item = Record<string, unknown> & { _id: string };

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

const study = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  sector: 'Banking',
  engagement: 'vapt',
  scope: 'Internet banking and 40 public IP addresses.',
  critical: 1,
  high: 2,
  medium: 3,
  low: 4,
  outcome: 'Every finding fixed and retested.',
  quote: 'Clear and quick.',
  quoteBy: 'CISO, Kaveri Bank',
  clientName: 'Kaveri Bank',
  ...extra,
});

async function create(json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(studies.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}
const publicList = async () => (await body(await api.call(studies.path))).data as Item[];

describe('case studies', () => {
  it('are created published, with the client named, in the public list and item', async () => {
    const item = await create(study('VAPT for a bank'));
    expect(item).toMatchObject({ published: true, slug: 'vapt-for-a-bank', critical: 1, low: 4 });
    const listed = (await publicList()).find((candidate) => candidate._id === item._id);
    expect(listed).toMatchObject({ clientName: 'Kaveri Bank', quoteBy: 'CISO, Kaveri Bank' });
    const read = await body(await api.call(`${studies.path}/${item._id}`));
    expect(read.data).toMatchObject({ clientName: 'Kaveri Bank', title: 'VAPT for a bank' });
  });

  it('keep an anonymous client out of the public list, the public item and the build, not from staff', async () => {
    const item = await create(
      study('Cloud review for a start-up', {
        clientName: 'Paywise Labs',
        quoteBy: 'Founder, Paywise Labs',
        anonymous: true,
      }),
    );
    const listText = await (await api.call(studies.path)).text();
    expect(listText).toContain('Cloud review for a start-up');
    expect(listText).not.toContain('Paywise');
    const itemText = await (await api.call(`${studies.path}/${item._id}`)).text();
    expect(itemText).toContain('Clear and quick.');
    expect(itemText).not.toContain('Paywise');
    const built = (await publishedItems(api.repository, studies.key)).find((entry) => entry._id === item._id);
    expect(built).toMatchObject({ title: 'Cloud review for a start-up', quote: 'Clear and quick.' });
    expect(JSON.stringify(built)).not.toContain('Paywise');
    // Staff still read and edit it.
    const staff = await body(await api.admin(`${studies.path}/${item._id}?drafts=1`));
    expect(staff.data).toMatchObject({ clientName: 'Paywise Labs', quoteBy: 'Founder, Paywise Labs' });
    // Named again, the client shows again.
    // An update sends the whole form, as the admin does.
    const named = await api.admin(`${studies.path}/${item._id}`, {
      method: 'PUT',
      json: study('Cloud review for a start-up', {
        clientName: 'Paywise Labs',
        quoteBy: 'Founder, Paywise Labs',
        anonymous: false,
      }),
    });
    expect(named.status).toBe(200);
    expect(await (await api.call(`${studies.path}/${item._id}`)).text()).toContain('Paywise Labs');
  });

  it('refuse to publish an anonymous study whose public words name the client, storing nothing', async () => {
    const before = await api.repository.count(studies.key);
    const response = await api.admin(studies.path, {
      method: 'POST',
      json: study('VAPT for Kaveri Bank', { anonymous: true, outcome: 'kaveri bank passed its audit.' }),
    });
    expect(response.status).toBe(400);
    expect((await body(response)).errors).toEqual({
      title: FIELD_REASONS.privateShown(CASE_STUDY.title, CASE_STUDY.clientName),
      slug: FIELD_REASONS.privateShown(CASE_STUDY.slug, CASE_STUDY.clientName),
      outcome: FIELD_REASONS.privateShown(CASE_STUDY.outcome, CASE_STUDY.clientName),
    });
    expect(await api.repository.count(studies.key)).toBe(before);
    // A draft may hold it while staff reword it; publishing it is refused the same way.
    const draft = await create(study('VAPT for Kaveri Bank', { anonymous: true, published: false }));
    const publish = await api.admin(`${studies.path}/${draft._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(publish.status).toBe(400);
    expect(Object.keys((await body(publish)).errors ?? {})).toEqual(['title', 'slug']);
  });

  it('show a logo only with the permission, and never for an anonymous client', async () => {
    const logo = await sharp({ create: { width: 320, height: 170, channels: 3, background: '#114' } })
      .jpeg()
      .toBuffer();
    const post = async (flags: Record<string, string>) => {
      const fields = {
        ...study(`Logo ${Object.values(flags).join(' ')}`),
        alt: 'Kaveri Bank logo',
        ...flags,
      };
      const response = await api.admin(studies.path, {
        method: 'POST',
        form: multipart(fields, { bytes: new Uint8Array(logo) }),
      });
      expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
      const item = (await body(response)).data as Item;
      expect(item.image, 'staff keep the picture').toEqual(expect.any(String));
      return (await body(await api.call(`${studies.path}/${item._id}`))).data as Item;
    };
    const allowed = await post({ logoPermission: 'true', anonymous: 'false' });
    expect(allowed).toMatchObject({
      image: expect.any(String),
      imageUrl: expect.any(String),
      alt: 'Kaveri Bank logo',
    });
    for (const hidden of [
      await post({ logoPermission: 'false', anonymous: 'false' }),
      await post({ logoPermission: 'true', anonymous: 'true' }),
    ]) {
      for (const name of ['image', 'imageUrl', 'imageWidth', 'imageHeight', 'alt'])
        expect(hidden, name).not.toHaveProperty(name);
    }
  });

  it('refuse a count below 0 or an unknown engagement, storing nothing', async () => {
    const before = await api.repository.count(studies.key);
    const response = await api.admin(studies.path, {
      method: 'POST',
      json: study('Bad counts', { critical: -1, engagement: 'magic' }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await body(response)).errors ?? {}).sort()).toEqual(['critical', 'engagement']);
    const missing = await api.admin(studies.path, { method: 'POST', json: { title: 'Only a title' } });
    expect((await body(missing)).errors).toMatchObject({
      sector: CASE_STUDY.sectorRequired,
      engagement: CASE_STUDY.engagementRequired,
      scope: CASE_STUDY.scopeRequired,
      outcome: CASE_STUDY.outcomeRequired,
    });
    expect(await api.repository.count(studies.key)).toBe(before);
  });

  it('stay off the public API as drafts until published', async () => {
    const draft = await create(study('Secure development for a SaaS', { published: false }));
    expect((await api.call(`${studies.path}/${draft._id}`)).status).toBe(404);
    expect((await publicList()).map((item) => item._id)).not.toContain(draft._id);
    const published = await api.admin(`${studies.path}/${draft._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(published.status).toBe(200);
    expect((await publicList()).map((item) => item._id)).toContain(draft._id);
  });

  it('keep a changed slug for its redirect, in the public list', async () => {
    const item = await create(study('Web app test', { slug: 'web-app' }));
    const renamed = await api.admin(`${studies.path}/${item._id}`, {
      method: 'PUT',
      json: study('Web app test', { slug: 'web-app-test-for-a-hospital' }),
    });
    expect(renamed.status).toBe(200);
    expect((await body(renamed)).data).toMatchObject({
      slug: 'web-app-test-for-a-hospital',
      slugHistory: ['web-app'],
    });
    const listed = (await publicList()).find((candidate) => candidate._id === item._id);
    expect(listed).toMatchObject({ slugHistory: ['web-app'] });
  });
});

/**
 * A case study page is live after publishing. A draft is out of what the page reads (`publishedItems`, behind
 * `/case-studies/{slug}`, rendered on demand); publishing it purges the family's cache tag and starts no rebuild,
 * since the page renders from that data at its next request (the e2e spec case-studies drives the page itself).
 */
describe('a case study published from a draft', () => {
  let live: Api;
  const purged: string[] = [];
  beforeAll(async () => {
    live = await startApi({
      deps: {
        purgeCache: async (tags) => {
          purged.push(...tags);
        },
      },
    });
  });
  afterAll(() => live.stop());

  const built = async () => publishedItems(live.repository, studies.key);

  it('is left out of the pages as a draft, and shown with its page once published, purged with no rebuild', async () => {
    const created = await live.admin(studies.path, {
      method: 'POST',
      json: study('Red team exercise for an insurer', { published: false }),
    });
    expect(created.status).toBe(201);
    const draft = (await body(created)).data as Item;
    expect((await built()).map((item) => item._id)).not.toContain(draft._id);

    purged.length = 0;
    const published = await live.admin(`${studies.path}/${draft._id}`, {
      method: 'PUT',
      json: { published: true },
    });
    expect(published.status).toBe(200);
    await live.settle();
    expect(purged).toContain(studies.cacheTag);
    expect((await built()).find((item) => item._id === draft._id)).toMatchObject({
      slug: 'red-team-exercise-for-an-insurer',
      title: 'Red team exercise for an insurer',
      clientName: 'Kaveri Bank',
    });
  });
});
