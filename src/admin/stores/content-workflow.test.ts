/**
 * The content workflow of the admin's stores against the real API handlers (in process, Netlify's
 * local Blobs server): drafts and the publish toggle, reordering with its announcement and a 409 reload, Undo
 * of a delete, the history and its restore, alt text, and the Trash screen's store. Nothing of the API is mocked.
 */
import { describe, expect, it } from 'vitest';
import { API, VALIDATION } from '../../lib/api-messages.ts';
import { MAX_LENGTH } from '../../lib/constants.ts';
import { WORKFLOW } from '../../lib/staff-messages.ts';
import { pictureFile, until, signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { CONTENT_SCREENS } from '../content-screens.ts';
import { WORKFLOW_COPY } from '../admin-copy.ts';
import { createContentStore, type ContentStore } from './content-store.ts';
import { changesFrom } from './revision-diff.ts';
import { createTrashStore, familyLabel } from './trash-store.ts';

const admin = signedInAdminPerTest();

const courses = CONTENT_SCREENS.homeCourse;
const careers = CONTENT_SCREENS.career;

/** What a visitor gets from the public list: titles in order. */
async function publicTitles(path: string): Promise<string[]> {
  const reply = (await (await admin.api.call(path)).json()) as { data: { title: string }[] };
  return reply.data.map((item) => item.title);
}

async function addCourses(store: ContentStore, titles: string[]) {
  for (const title of titles) {
    expect(await store.save({ id: null, fields: { title, description: 'x' }, file: null })).toEqual({
      ok: true,
    });
  }
  const list = await until(store.$list, (state) =>
    titles.every((t) => state.items.some((i) => i.title === t)),
  );
  return titles.map((title) => list.items.find((item) => item.title === title)!);
}

describe('drafts', () => {
  it('a draft is listed for the admin, hidden from visitors, and published with the toggle', async () => {
    const store = createContentStore(courses);
    await store.load();
    const title = `Draft course ${Date.now()}`;
    expect(
      await store.save({ id: null, fields: { title, description: 'Soon.', published: false }, file: null }),
    ).toEqual({ ok: true });
    const list = await until(store.$list, (state) => state.items.some((item) => item.title === title));
    const item = list.items.find((candidate) => candidate.title === title)!;
    expect(item.published).toBe(false);
    expect(admin.browser.sent).toContain(`GET ${courses.family.path}?drafts=1`);
    expect(await publicTitles(courses.family.path)).not.toContain(title);

    expect(await store.setPublished(item, true)).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: WORKFLOW.published(title) });
    expect(store.$list.get().items.find((candidate) => candidate._id === item._id)?.published).toBe(true);
    expect(await publicTitles(courses.family.path)).toContain(title);

    // And back to a draft: every other field stays as it was.
    const published = store.$list.get().items.find((candidate) => candidate._id === item._id)!;
    expect(await store.setPublished(published, false)).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: WORKFLOW.unpublished(title) });
    expect(await publicTitles(courses.family.path)).not.toContain(title);
    const stored = (await (await admin.api.admin(`${courses.family.path}/${item._id}?drafts=1`)).json()) as {
      data: Record<string, unknown>;
    };
    expect(stored.data).toMatchObject({ title, description: 'Soon.', published: false });
  });

  it('a save as a draft says, after the spec’s sentence, that it is not on the site (issue 21.11)', async () => {
    const store = createContentStore(courses);
    await store.load();
    const title = `Quiet course ${Date.now()}`;
    const fields = { title, description: 'Soon.', published: false };
    expect(await store.save({ id: null, fields, file: null })).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({
      kind: 'success',
      text: courses.family.messages.added,
      detail: WORKFLOW.savedAsDraft,
    });
    const list = await until(store.$list, (state) => state.items.some((item) => item.title === title));
    const item = list.items.find((candidate) => candidate.title === title)!;
    expect(await store.save({ id: item._id, fields, file: null })).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({
      kind: 'success',
      text: courses.family.messages.updated,
      detail: WORKFLOW.savedAsDraft,
    });
    // Published, the spec's sentence stands alone.
    expect(await store.save({ id: item._id, fields: { ...fields, published: true }, file: null })).toEqual({
      ok: true,
    });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: courses.family.messages.updated });
  });

  it('the toggle keeps a multipart family’s picture, points and alt text', async () => {
    const store = createContentStore(careers);
    await store.load();
    const title = `Toggle career ${Date.now()}`;
    const file = await pictureFile('toggle.png', 320, 200);
    await store.save({
      id: null,
      fields: { title, description: 'd', points: ['one', 'two'], alt: 'Two people at a desk' },
      file,
    });
    const item = (await until(store.$list, (s) => s.items.some((i) => i.title === title))).items.find(
      (i) => i.title === title,
    )!;
    expect(await store.setPublished(item, false)).toBe(true);
    const after = store.$list.get().items.find((i) => i._id === item._id)!;
    expect(after).toMatchObject({
      published: false,
      points: ['one', 'two'],
      alt: 'Two people at a desk',
      image: item.image,
    });
  });
});

describe('order', () => {
  it('moves an item at once, announces it, and saves the order visitors then see', async () => {
    const store = createContentStore(courses);
    await store.load();
    const stamp = Date.now();
    const [first, , third] = await addCourses(store, [`A ${stamp}`, `B ${stamp}`, `C ${stamp}`]);
    const count = store.$list.get().items.length;
    const from = store.$list.get().items.findIndex((item) => item._id === third!._id);

    const saved = store.move(third!._id, 0);
    // The list changed before the server answered.
    expect(store.$list.get().items[0]?._id).toBe(third!._id);
    expect(store.$announcement.get()).toBe(WORKFLOW.moved(third!.title as string, 1, count));
    expect(await saved).toBe(true);
    expect(admin.browser.sent).toContain(`PUT ${courses.family.path}/order`);
    expect((await publicTitles(courses.family.path))[0]).toBe(third!.title);

    // Down by one, as the Move down button does.
    expect(await store.move(third!._id, 1)).toBe(true);
    expect(store.$announcement.get()).toBe(WORKFLOW.moved(third!.title as string, 2, count));
    // Visitors see the admin's order, drafts (from earlier tests) left out.
    const published = store.$list
      .get()
      .items.filter((item) => item.published !== false)
      .map((item) => item.title);
    expect(await publicTitles(courses.family.path)).toEqual(published);
    expect(store.$list.get().items[1]?._id).toBe(third!._id);
    expect(from).toBeGreaterThan(0);
    expect(store.$list.get().items.some((item) => item._id === first!._id)).toBe(true);
  });

  it('a move past either end does nothing', async () => {
    const store = createContentStore(courses);
    await store.load();
    const before = store.$list.get().items.map((item) => item._id);
    expect(await store.move(before[0]!, -1)).toBe(false);
    expect(await store.move(before.at(-1)!, before.length)).toBe(false);
    expect(store.$list.get().items.map((item) => item._id)).toEqual(before);
  });

  it('a list that changed on the server (409) is reloaded, and the admin is told why', async () => {
    const store = createContentStore(courses);
    await store.load();
    const stamp = Date.now();
    await addCourses(store, [`Keep ${stamp}`, `Also ${stamp}`]);
    // Another admin adds an item this screen has not seen.
    const other = `Elsewhere ${stamp}`;
    expect(
      (
        await admin.api.admin(courses.family.path, {
          method: 'POST',
          json: { title: other, description: 'x' },
        })
      ).status,
    ).toBe(201);
    const ids = store.$list.get().items.map((item) => item._id);
    expect(await store.move(ids.at(-1)!, 0)).toBe(false);
    expect(store.$notice.get()).toEqual({ kind: 'error', text: WORKFLOW.orderReloaded });
    expect(store.$list.get().items.map((item) => item.title)).toContain(other);
    // Nothing changed on the server.
    expect((await publicTitles(courses.family.path)).at(-1)).toBe(other);
  });
});

describe('undo and the trash', () => {
  it('Undo after a delete brings the item back with its id and picture, in its place', async () => {
    const store = createContentStore(careers);
    await store.load();
    const title = `Undo career ${Date.now()}`;
    await store.save({
      id: null,
      fields: { title, description: 'd', points: ['p'] },
      file: await pictureFile('undo.png', 400, 300),
    });
    const item = (await until(store.$list, (s) => s.items.some((i) => i.title === title))).items.find(
      (i) => i.title === title,
    )!;
    const place = store.$list.get().items.findIndex((i) => i._id === item._id);

    expect(await store.remove(item._id)).toBe(true);
    // The spec's text stays exactly as it is; Undo is offered beside it.
    expect(store.$notice.get()).toEqual({ kind: 'success', text: careers.family.messages.deleted });
    expect(store.$undo.get()).toEqual({ id: item._id, title });
    await until(store.$list, (s) => !s.items.some((i) => i._id === item._id));

    expect(await store.undoDelete()).toBe(true);
    expect(admin.browser.sent).toContain(`POST /api/v1/trash/career/${item._id}/restore`);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: WORKFLOW.restored(title) });
    expect(store.$undo.get()).toBeNull();
    const back = store.$list.get().items.find((i) => i._id === item._id);
    expect(back).toMatchObject({ title, image: item.image, imageWidth: 400, imageHeight: 300 });
    expect(store.$list.get().items.findIndex((i) => i._id === item._id)).toBe(place);
    const picture = await admin.api.call(back!.imageUrl as string);
    expect(picture.status).toBe(200);
  });

  it('the next action withdraws the Undo offer', async () => {
    const store = createContentStore(courses);
    await store.load();
    const [item] = await addCourses(store, [`Withdrawn ${Date.now()}`]);
    await store.remove(item!._id);
    expect(store.$undo.get()).not.toBeNull();
    store.clearNotice();
    expect(store.$undo.get()).toBeNull();
    expect(await store.undoDelete()).toBe(false);
  });

  it('the Trash screen lists what was deleted, by section, and restores it', async () => {
    const store = createContentStore(courses);
    await store.load();
    const [item] = await addCourses(store, [`Trashed ${Date.now()}`]);
    await store.remove(item!._id);

    const trash = createTrashStore();
    await trash.load();
    const entry = trash.$list.get().items.find((candidate) => candidate._id === item!._id);
    expect(entry).toMatchObject({ family: 'homeCourse', title: item!.title });
    expect(familyLabel(entry!.family)).toBe(courses.heading);
    expect(Number.isNaN(Date.parse(entry!.deletedAt))).toBe(false);

    expect(await trash.restore(entry!)).toBe(true);
    expect(trash.$notice.get()).toEqual({ kind: 'success', text: WORKFLOW.restored(item!.title as string) });
    await until(trash.$list, (s) => !s.items.some((candidate) => candidate._id === item!._id));
    expect(await publicTitles(courses.family.path)).toContain(item!.title);

    // A second restore of the same entry: it is gone, and the admin hears the server's reason.
    expect(await trash.restore(entry!)).toBe(false);
    expect(trash.$notice.get()?.kind).toBe('error');
  });
});

describe('history', () => {
  it('lists versions newest first, says what differed, and restores an earlier title', async () => {
    const store = createContentStore(courses);
    await store.load();
    const stamp = Date.now();
    const [item] = await addCourses(store, [`Yesterday ${stamp}`]);
    await store.save({ id: item!._id, fields: { title: `Today ${stamp}`, description: 'x' }, file: null });
    const current = (
      await until(store.$list, (s) => s.items.some((i) => i.title === `Today ${stamp}`))
    ).items.find((i) => i._id === item!._id)!;

    const revisions = await store.revisions(item!._id);
    expect(revisions.map((revision) => revision.data.title)).toEqual([
      `Today ${stamp}`,
      `Yesterday ${stamp}`,
    ]);
    expect(changesFrom(courses.family, current, revisions[0]!.data)).toEqual([]);
    expect(changesFrom(courses.family, current, revisions[1]!.data)).toEqual([
      { label: 'Title', old: `Yesterday ${stamp}` },
    ]);

    expect(await store.restoreRevision(item!._id, revisions[1]!.rev)).toBe(true);
    expect(store.$notice.get()).toEqual({ kind: 'success', text: API.revisionRestored });
    expect(store.$list.get().items.find((i) => i._id === item!._id)?.title).toBe(`Yesterday ${stamp}`);
    // The restore is itself a new version.
    expect((await store.revisions(item!._id)).map((revision) => revision.data.title)).toEqual([
      `Yesterday ${stamp}`,
      `Today ${stamp}`,
      `Yesterday ${stamp}`,
    ]);
  });

  it('the differences name pictures, alt text, points and the draft state by their labels', () => {
    const family = careers.family;
    const now = {
      _id: 'x',
      createdAt: '',
      updatedAt: '',
      title: 'T',
      image: 'b.webp',
      alt: '',
      points: ['a'],
    };
    const then = { ...now, image: 'a.webp', alt: 'Old alt', points: ['a', 'b', ''], published: false };
    expect(changesFrom(family, now, then)).toEqual([
      { label: 'Image', old: WORKFLOW_COPY.otherPicture },
      { label: WORKFLOW_COPY.altLabel, old: 'Old alt' },
      { label: 'Points', old: 'a; b' },
      { label: WORKFLOW_COPY.status, old: WORKFLOW_COPY.draft },
    ]);
  });
});

describe('alt text', () => {
  it('is saved beside the picture, trimmed; too long is refused beside the field', async () => {
    const store = createContentStore(careers);
    await store.load();
    const title = `Alt career ${Date.now()}`;
    const file = await pictureFile('alt.png', 300, 300);
    await store.save({
      id: null,
      fields: { title, description: 'd', points: ['p'], alt: '  A team at work  ' },
      file,
    });
    const item = (await until(store.$list, (s) => s.items.some((i) => i.title === title))).items.find(
      (i) => i.title === title,
    )!;
    expect(item.alt).toBe('A team at work');

    const long = 'x'.repeat(MAX_LENGTH.alt + 1);
    const refused = await store.save({
      id: item._id,
      fields: { title, description: 'd', points: ['p'], alt: long },
      file: null,
    });
    expect(refused).toEqual({ ok: false, fieldErrors: { alt: VALIDATION.tooLong(MAX_LENGTH.alt) } });
    // Shown beside the field only.
    expect(store.$notice.get()).toBeNull();
  });
});
