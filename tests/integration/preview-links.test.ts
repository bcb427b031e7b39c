/**
 * Preview and share (issue 24.4) through the real API and the preview page function on a real store: a shared
 * link shows the draft without signing in, with the PREVIEW banner, noindex and no caching; a forged, expired
 * (test clock) or revoked token, and another item's id, show the clear page and nothing of the draft; the links
 * are listed and revoked per item, audited; a disabled or deleted sharer's links stop working; the admin's
 * Preview renders unsaved values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api-messages.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { DAY_MS } from '../../src/lib/constants.ts';
import { AUDIT_PATH, USERS_PATH } from '../../src/lib/identity.ts';
import { PREVIEW_PAGE } from '../../src/lib/messages.ts';
import {
  PREVIEW_LINK_DAYS,
  PREVIEW_PAGE_PATH,
  PREVIEW_PATH,
  PREVIEW_RENDER_PATH,
  PREVIEW_REVOKE_PATH,
  previewLinksPath,
  type PreviewLinkView,
  type SharedPreview,
} from '../../src/lib/preview.ts';
import { body, ORIGIN, startApi, type Api } from './api-harness.ts';

const studies = contentFamilies.caseStudy;
type Item = Record<string, unknown> & { _id: string };
const SECRET_LINE = 'Draft outcome: nine findings fixed before the audit';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

async function draft(title: string, extra: Record<string, unknown> = {}): Promise<Item> {
  const response = await api.admin(studies.path, {
    method: 'POST',
    json: {
      title,
      sector: 'Banking',
      engagement: 'vapt',
      scope: 'Internet banking.',
      outcome: SECRET_LINE,
      clientName: 'Kaveri Bank',
      anonymous: true,
      published: false,
      ...extra,
    },
  });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

async function share(item: Item): Promise<SharedPreview> {
  const response = await api.admin(PREVIEW_PATH, {
    method: 'POST',
    json: { family: studies.key, id: item._id },
  });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as SharedPreview;
}

/** The link opened by someone signed out: no cookie, no Origin. */
const open = (url: string) => api.call(new URL(url).pathname);

const expectClosed = async (response: Response, reason: keyof typeof PREVIEW_PAGE) => {
  const html = await response.text();
  expect(html).toContain(PREVIEW_PAGE.closedTitle);
  expect(html).toContain(PREVIEW_PAGE[reason] as string);
  expect(html).not.toContain(SECRET_LINE);
  expect(html).not.toContain('data-preview-banner');
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('x-robots-tag')).toContain('noindex');
};

describe('preview links', () => {
  it('show the draft to someone signed out, with the banner, noindex and never cached', async () => {
    const item = await draft('Draft study for the bank');
    const shared = await share(item);
    expect(shared.url.startsWith(`${ORIGIN}${PREVIEW_PAGE_PATH}/`)).toBe(true);
    expect(new Date(shared.expiresAt).getTime() - api.clock.now.getTime()).toBe(PREVIEW_LINK_DAYS * DAY_MS);

    const page = await open(shared.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('netlify-cdn-cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('data-preview-banner');
    expect(html).toContain(PREVIEW_PAGE.banner);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain('Draft study for the bank');
    expect(html).toContain(SECRET_LINE);
    // As the public page would show it: an anonymous client's name stays out of the preview too.
    expect(html).not.toContain('Kaveri Bank');
    // The draft is still no public item.
    expect((await api.call(`${studies.path}/${item._id}`)).status).toBe(404);
  });

  it('show a clear page and nothing of the draft for a forged token', async () => {
    const item = await draft('Forgery target');
    const shared = await share(item);
    const token = new URL(shared.url).pathname.split('/').at(-1) ?? '';
    const parts = token.split('.');
    // Another expiry under the same signature, a changed signature, and no token shape at all.
    const stretched = [parts[0], String(Number(parts[1]) + DAY_MS), parts[2], parts[3]].join('.');
    const resigned = [
      ...parts.slice(0, 3),
      `${parts[3]?.startsWith('A') ? 'B' : 'A'}${parts[3]?.slice(1)}`,
    ].join('.');
    for (const forged of [stretched, resigned, 'p1.not-a-token', 'not%20a%20token']) {
      const response = await api.call(`${PREVIEW_PAGE_PATH}/${forged}`);
      expect(response.status, forged).toBe(404);
      await expectClosed(response, 'invalid');
    }
  });

  it('show only the item they were made for', async () => {
    const mine = await draft('Item A of two');
    const other = await draft('Item B of two', { outcome: 'The other draft' });
    const shared = await share(mine);
    const html = await (await open(shared.url)).text();
    expect(html).toContain('Item A of two');
    expect(html).not.toContain('Item B of two');
    // The link cannot be listed or revoked as the other item's.
    const links = (await body(await api.admin(previewLinksPath(studies.key, other._id))))
      .data as PreviewLinkView[];
    expect(links).toEqual([]);
    const wrong = await api.admin(PREVIEW_REVOKE_PATH, {
      method: 'POST',
      json: { family: studies.key, id: other._id, link: shared.link.id },
    });
    expect(wrong.status).toBe(404);
    expect((await body(wrong)).message).toBe(API.previewLinkNotFound);
    expect((await open(shared.url)).status).toBe(200);
  });

  it('stop working once they expire (test clock)', async () => {
    const item = await draft('Expiring draft');
    const shared = await share(item);
    api.clock.advance(PREVIEW_LINK_DAYS * DAY_MS - 60_000);
    expect((await open(shared.url)).status).toBe(200);
    api.clock.advance(60_000);
    const expired = await open(shared.url);
    expect(expired.status).toBe(410);
    await expectClosed(expired, 'expired');
    // Gone from the item's active links too.
    expect((await body(await api.admin(previewLinksPath(studies.key, item._id)))).data).toEqual([]);
  });

  it('are listed per item and stop working at once when revoked, audited both ways', async () => {
    const item = await draft('Revocable draft');
    const first = await share(item);
    const second = await share(item);
    const listed = (await body(await api.admin(previewLinksPath(studies.key, item._id))))
      .data as PreviewLinkView[];
    expect(listed.map((link) => link.id).sort()).toEqual([first.link.id, second.link.id].sort());
    expect(listed[0]).toMatchObject({ createdBy: expect.any(String), expiresAt: expect.any(String) });

    const revoked = await api.admin(PREVIEW_REVOKE_PATH, {
      method: 'POST',
      json: { family: studies.key, id: item._id, link: first.link.id },
    });
    expect(revoked.status).toBe(200);
    expect((await body(revoked)).message).toBe(API.previewRevoked);
    const closed = await open(first.url);
    expect(closed.status).toBe(410);
    await expectClosed(closed, 'revoked');
    // The other link still works; the list has only it.
    expect((await open(second.url)).status).toBe(200);
    const after = (await body(await api.admin(previewLinksPath(studies.key, item._id))))
      .data as PreviewLinkView[];
    expect(after.map((link) => link.id)).toEqual([second.link.id]);

    const log = (await body(await api.admin(`${AUDIT_PATH}?action=preview-share`))).data as {
      target: { id: string };
    }[];
    expect(log.filter((entry) => entry.target.id === item._id)).toHaveLength(2);
    const revokes = (await body(await api.admin(`${AUDIT_PATH}?action=preview-revoke`))).data as {
      target: { id: string; title: string };
    }[];
    expect(revokes).toEqual([
      expect.objectContaining({
        target: expect.objectContaining({ id: item._id, title: 'Revocable draft' }),
      }),
    ]);
  });

  it('stop working while the account that shared them is disabled, and for good once it is deleted', async () => {
    const item = await draft('Shared by an editor who leaves');
    const editor = await api.account({ userId: 'leaving-editor', name: 'Leaving Editor' });
    const session = api.session('leaving-editor');
    const made = await api.call(PREVIEW_PATH, {
      method: 'POST',
      session,
      json: { family: studies.key, id: item._id },
    });
    expect(made.status).toBe(201);
    const shared = (await body(made)).data as SharedPreview;
    // The owner's own link to the same draft is not the editor's to lose.
    const owners = await share(item);
    expect((await open(shared.url)).status).toBe(200);

    const setDisabled = (disabled: boolean) =>
      api.admin(`${USERS_PATH}/${editor._id}`, { method: 'PATCH', json: { disabled } });
    expect((await setDisabled(true)).status).toBe(200);
    const closed = await open(shared.url);
    expect(closed.status).toBe(410);
    await expectClosed(closed, 'revoked');
    expect((await open(owners.url)).status).toBe(200);

    expect((await setDisabled(false)).status).toBe(200);
    expect((await open(shared.url)).status).toBe(200);
    expect((await api.admin(`${USERS_PATH}/${editor._id}`, { method: 'DELETE' })).status).toBe(200);
    await expectClosed(await open(shared.url), 'revoked');
  });

  it('show nothing once the item is deleted', async () => {
    const item = await draft('Deleted draft');
    const shared = await share(item);
    expect((await api.admin(`${studies.path}/${item._id}`, { method: 'DELETE' })).status).toBe(200);
    await expectClosed(await open(shared.url), 'gone');
  });

  it('are made for staff only, for a family with a public page, for an item that exists', async () => {
    const item = await draft('Staff only');
    const anonymous = await api.call(PREVIEW_PATH, {
      method: 'POST',
      json: { family: studies.key, id: item._id },
    });
    expect(anonymous.status).toBe(401);
    const staffOnly = await api.admin(PREVIEW_PATH, {
      method: 'POST',
      json: { family: 'certificate', id: item._id },
    });
    expect(staffOnly.status).toBe(400);
    expect((await body(staffOnly)).message).toBe(API.previewFamilyUnknown);
    const missing = await api.admin(PREVIEW_PATH, {
      method: 'POST',
      json: { family: studies.key, id: 'nope' },
    });
    expect(missing.status).toBe(404);
  });

  it('render the admin’s unsaved values over the stored item, for staff only', async () => {
    const item = await draft('Saved title');
    const payload = JSON.stringify({
      family: studies.key,
      id: item._id,
      values: { title: 'Typed, not saved' },
    });
    const form = new URLSearchParams({ payload });
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const page = await api.admin(PREVIEW_RENDER_PATH, { method: 'POST', body: form.toString(), headers });
    expect(page.status).toBe(200);
    // The API's routes are never stored (the route table's no-store), the same as the link's page.
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.headers.get('x-robots-tag')).toContain('noindex');
    const html = await page.text();
    expect(html).toContain('Typed, not saved');
    expect(html).toContain(SECRET_LINE);
    expect(html).toContain('data-preview-banner');
    expect(html).not.toContain('Saved title');
    const anonymous = await api.call(PREVIEW_RENDER_PATH, { method: 'POST', body: form.toString(), headers });
    expect(anonymous.status).toBe(401);
  });
});
