/**
 * The content screens' store against the real API handlers (in process, Netlify's local Blobs server): list
 * states, add / update / delete with the spec's messages, the server's field errors, uploads over the admin's
 * XMLHttpRequest path, and a session that expires in the middle of the work.
 */
import { describe, expect, it } from 'vitest';
import { GENERIC } from '../../lib/messages.ts';
import { API, VALIDATION } from '../../lib/api-messages.ts';
import { SESSION_TTL_SECONDS } from '../../lib/constants.ts';
import { startApi } from '../../../tests/integration/api-harness.ts';
import {
  installAdminBrowser,
  pictureFile,
  until,
  signedInAdminPerTest,
} from '../../../tests/support/admin-browser.ts';
import { CONTENT_SCREENS } from '../content-screens.ts';
import { createContentStore } from './content-store.ts';
import { $adminLoggedIn, $sessionExpired } from './session.ts';

const admin = signedInAdminPerTest();

const ready = (state: { status: string }) => state.status === 'ready';

describe('a JSON family (home courses)', () => {
  const screen = CONTENT_SCREENS.homeCourse;
  const messages = screen.family.messages;

  it('loads an empty list, adds, updates and deletes with the spec messages', async () => {
    const store = createContentStore(screen);
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'ready', items: [], error: null });

    const added = await store.save({
      id: null,
      fields: { title: 'Ethical hacking', description: 'Twelve weeks of labs.' },
      file: null,
    });
    expect(added).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: messages.added });
    const [item] = (await until(store.$list, (list) => list.items.length === 1)).items;
    expect(item).toMatchObject({ title: 'Ethical hacking', description: 'Twelve weeks of labs.' });

    store.startEdit(item!);
    expect(store.$editing.get()?._id).toBe(item!._id);
    const updated = await store.save({
      id: item!._id,
      fields: { title: 'Ethical hacking II', description: 'Twelve weeks of labs.' },
      file: null,
    });
    expect(updated).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: messages.updated });
    expect(store.$editing.get()).toBeNull();
    await until(store.$list, (list) => list.items[0]?.title === 'Ethical hacking II');

    expect(await store.remove(item!._id)).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: messages.deleted });
    await until(store.$list, (list) => list.items.length === 0);
    expect(store.$busy.get()).toBeNull();
  });

  it("shows the server's field errors beside the fields, and no second, vaguer message", async () => {
    const store = createContentStore(screen);
    const result = await store.save({ id: null, fields: { title: '   ', description: '' }, file: null });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { title: VALIDATION.titleRequired, description: VALIDATION.descriptionRequired },
    });
    expect(store.$notice.get()).toBeNull();
    expect(
      (await admin.api.call(screen.family.path).then((response) => response.json())) as unknown,
    ).toMatchObject({
      data: [],
    });
  });

  it("deleting an item that is already gone says the server's reason and keeps the session", async () => {
    const store = createContentStore(screen);
    expect(await store.remove('no-such-id')).toBe(false);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: GENERIC.notFound });
    expect($adminLoggedIn.get()).toBe('true');
  });

  it('an expired session on save signs the admin out (401) and stores nothing', async () => {
    const store = createContentStore(screen);
    await store.load();
    admin.api.clock.advance((SESSION_TTL_SECONDS + 1) * 1000);
    try {
      const result = await store.save({
        id: null,
        fields: { title: 'Too late', description: 'After the session ended.' },
        file: null,
      });
      expect(result).toMatchObject({ ok: false, sessionExpired: true });
      expect($adminLoggedIn.get()).toBeUndefined();
      expect($sessionExpired.get()).toBe(true);
    } finally {
      admin.api.clock.now = new Date();
    }
    const stored = (await (await admin.api.call(screen.family.path)).json()) as { data: { title: string }[] };
    expect(stored.data.map((item) => item.title)).not.toContain('Too late');
  });
});

describe('a multipart family with a picture (career)', () => {
  const screen = CONTENT_SCREENS.career;

  it('uploads the picture over the admin XMLHttpRequest path, reporting progress', async () => {
    const store = createContentStore(screen);
    await store.load();
    const progress: (number | null)[] = [];
    const stop = store.$progress.listen((value) => progress.push(value));
    const file = await pictureFile('analyst.png', 480, 320);
    const result = await store.save({
      id: null,
      fields: { title: 'Analyst', description: 'Join us.', points: ['OSCP a plus'] },
      file,
    });
    stop();
    expect(result).toEqual({ ok: true });
    expect(progress).toEqual([0, 100, null]);
    expect(admin.browser.sent).toContain(`POST ${screen.family.path}`);
    const list = await until(store.$list, (state) => ready(state) && state.items.length === 1);
    expect(list.items[0]).toMatchObject({
      title: 'Analyst',
      points: ['OSCP a plus'],
      imageWidth: 480,
      imageHeight: 320,
    });
    expect(typeof list.items[0]!.image).toBe('string');
  });

  it('a text file named .png: "This file is not a picture", from the browser and from the server (21.11)', async () => {
    const notes = () => new File(['Notes, not a picture.'], 'notes.png', { type: 'image/png' });
    // Home services downscale in the browser, which cannot decode it: the bytes say why.
    const services = createContentStore(CONTENT_SCREENS.homeService);
    expect(
      (await services.save({ id: null, fields: { title: 'Notes', description: 'Text.' }, file: notes() })).ok,
    ).toBe(false);
    expect(services.$notice.get()).toEqual({ kind: 'error', text: API.notAPicture });
    // Careers send the file as picked: the server reads the bytes and answers the same words.
    const careers = createContentStore(screen);
    const result = await careers.save({
      id: null,
      fields: { title: 'Notes', description: 'Text.', points: ['one'] },
      file: notes(),
    });
    expect(result.ok).toBe(false);
    expect(careers.$notice.get()).toEqual({ kind: 'error', text: API.notAPicture });
    const reply = await admin.api.admin(screen.family.path, { method: 'GET' });
    expect(
      ((await reply.json()) as { data: { title: string }[] }).data.map((item) => item.title),
    ).not.toContain('Notes');
  });

  it('a file the server refuses shows its reason, not "Failed to add career" (issue 10.10)', async () => {
    const store = createContentStore(screen);
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
      type: 'image/svg+xml',
    });
    const result = await store.save({
      id: null,
      fields: { title: 'Logo', description: 'Vector.', points: ['one'] },
      file,
    });
    expect(result.ok).toBe(false);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: API.notAnImage });
    const reply = await admin.api.admin(screen.family.path, { method: 'GET' });
    const titles = ((await reply.json()) as { data: { title: string }[] }).data.map((item) => item.title);
    expect(titles).not.toContain('Logo');
  });
});

describe('list failures', () => {
  it("reports an unavailable store with each screen's own policy", async () => {
    const down = await startApi();
    const downBrowser = installAdminBrowser(down);
    // The admin's list includes drafts, an admin read: the browser holds a session.
    downBrowser.signIn();
    await down.blobs.stop();
    const homeContent = createContentStore(CONTENT_SCREENS.homeContent);
    const homeService = createContentStore(CONTENT_SCREENS.homeService);
    await Promise.all([homeContent.load(), homeService.load()]);
    // Home content prefers the server's message; home services always says its own.
    expect(homeContent.$list.get()).toEqual({ status: 'error', items: [], error: API.storeUnavailable });
    expect(homeService.$list.get()).toEqual({
      status: 'error',
      items: [],
      error: CONTENT_SCREENS.homeService.family.messages.fetchFailed,
    });
    downBrowser.uninstall();
  });
});

describe('delete is immediate (issue 10.9)', () => {
  const screen = CONTENT_SCREENS.homeCourse;

  it('takes the card off the list at once, before the server answers', async () => {
    const store = createContentStore(screen);
    await store.save({ id: null, fields: { title: 'Soon gone', description: 'x' }, file: null });
    const [item] = (
      await until(store.$list, (list) => list.items.some((i) => i.title === 'Soon gone'))
    ).items.filter((i) => i.title === 'Soon gone');
    const pending = store.remove(item!._id);
    expect(store.$list.get().items.map((i) => i._id)).not.toContain(item!._id);
    expect(await pending).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: screen.family.messages.deleted });
  });

  it('puts the card back at its place when the server fails, with the reason', async () => {
    const down = await startApi();
    admin.browser.uninstall();
    admin.browser = installAdminBrowser(down);
    admin.browser.signIn();
    const store = createContentStore(screen);
    for (const title of ['First', 'Second', 'Third'])
      await store.save({ id: null, fields: { title, description: 'x' }, file: null });
    await until(store.$list, (state) => state.items.length === 3);
    // Each save reloads the list in the background; one more load, awaited, supersedes any still in flight, so
    // none can fail against the stopped store below and empty the list under the delete.
    await store.load();
    const order = store.$list.get().items.map((i) => i._id);
    expect(order).toHaveLength(3);
    await down.blobs.stop();
    expect(await store.remove(order[1]!)).toBe(false);
    expect(store.$list.get().items.map((i) => i._id)).toEqual(order);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: API.storeUnavailable });
  });
});
