/**
 * Articles (issue 24) through the real API on a real store: created and published they are in the public list
 * and the build's data; a draft is not; the first-published date is set by the server on the first write that
 * leaves the article published (a draft's publish toggle included), kept by later edits and never over one staff
 * gave; the author is a trainer or a typed name; a changed slug is kept for its redirect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedItems } from '../../src/content-loaders.ts';
import { shownArticles } from '../../src/lib/articles.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { ARTICLE } from '../../src/families/article.ts';
import { body, startApi, type Api } from './api-harness.ts';

const articles = contentFamilies.article;
type Item = Record<string, unknown> & { _id: string };

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

const article = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  summary: 'What the report holds, section by section.',
  body: '## Findings\n\n| Part | What |\n| --- | --- |\n| Severity | CVSS |\n\n```ts\nconst x = 1;\n```',
  authorName: 'DeltaSecure team',
  tags: ['VAPT', 'Reports'],
  ...extra,
});

async function create(json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(articles.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}
async function update(id: string, json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(`${articles.path}/${id}`, { method: 'PUT', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(200);
  return (await body(response)).data as Item;
}
const publicIds = async () =>
  ((await body(await api.call(articles.path))).data as Item[]).map((item) => item._id);

describe('articles', () => {
  it('created published: in the public list and the build, first-published now', async () => {
    const item = await create(article('What a VAPT report contains'));
    expect(item).toMatchObject({
      published: true,
      slug: 'what-a-vapt-report-contains',
      publishedOn: api.clock.now.toISOString(),
      tags: ['VAPT', 'Reports'],
    });
    expect(await publicIds()).toContain(item._id);
    const built = await publishedItems(api.repository, articles.key);
    const shown = shownArticles(
      built.map((entry) => articles.itemSchema.parse(entry) as never),
      built,
      [],
    );
    expect(shown.find((entry) => entry._id === item._id)).toMatchObject({
      published: api.clock.now.toISOString(),
      authorLabel: 'DeltaSecure team',
      readingMinutes: 1,
    });
  });

  it('a draft is not public and has no first-published date until it is published; edits keep the date', async () => {
    const draft = await create(article('OWASP Top 10 explained', { published: false }));
    expect(draft.publishedOn).toBeUndefined();
    expect(await publicIds()).not.toContain(draft._id);

    api.clock.advance(3_600_000);
    const publishedAt = api.clock.now.toISOString();
    const published = await update(draft._id, { published: true });
    expect(published.publishedOn).toBe(publishedAt);
    expect(await publicIds()).toContain(draft._id);

    api.clock.advance(3_600_000);
    const { _id: _ignored, ...rest } = await update(draft._id, {
      ...article('OWASP Top 10, explained'),
      publishedOn: publishedAt,
    });
    expect(rest.publishedOn).toBe(publishedAt);
    // Unpublished and published again: still the first time.
    await update(draft._id, { published: false });
    api.clock.advance(60_000);
    expect((await update(draft._id, { published: true })).publishedOn).toBe(publishedAt);
  });

  it('keeps a first-published date staff gave (an article moved from an old blog)', async () => {
    const item = await create(article('An old post', { publishedOn: '2019-06-15T09:30' }));
    // Typed in IST, stored in UTC.
    expect(item.publishedOn).toBe('2019-06-15T04:00:00.000Z');
  });

  it('names a trainer as the author, or needs a typed name', async () => {
    const trainer = await api.admin(contentFamilies.trainer.path, {
      method: 'POST',
      json: { name: 'Priya Verma', role: 'Lead trainer' },
    });
    const trainerId = ((await body(trainer)).data as Item)._id;
    const item = await create(article('By a trainer', { authorName: '', author: trainerId }));
    expect(item.author).toBe(trainerId);

    const before = await api.repository.count(articles.key);
    const refused = await api.admin(articles.path, {
      method: 'POST',
      json: article('Nobody wrote it', { authorName: '' }),
    });
    expect(refused.status).toBe(400);
    expect(await body(refused)).toMatchObject({ errors: { author: ARTICLE.authorRequired } });
    expect(await api.repository.count(articles.key)).toBe(before);
  });

  it('keeps a changed slug for the old address to redirect', async () => {
    const item = await create(article('CTF write-up'));
    const renamed = await update(item._id, { ...article('CTF write-up'), slug: 'ctf-login-cookie' });
    expect(renamed).toMatchObject({ slug: 'ctf-login-cookie', slugHistory: ['ctf-write-up'] });
  });
});
