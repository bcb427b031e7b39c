/**
 * Scheduled publishing in the admin's stores against the real API handlers (in process, Netlify's local
 * Blobs server): a save with a publish time says when it goes live, its card's item carries the time, and the
 * Scheduled screen's store lists it and cancels it. Nothing of the API is mocked.
 */
import { describe, expect, it } from 'vitest';
import { formatIst } from '../../lib/ist.ts';
import { SCHEDULE } from '../../lib/staff-messages.ts';
import { signedInAdminPerTest, until } from '../../../tests/support/admin-browser.ts';
import { CONTENT_SCREENS } from '../content-screens.ts';
import { createContentStore } from './content-store.ts';
import { createScheduledStore, editHref } from './scheduled-store.ts';

const admin = signedInAdminPerTest();
const courses = CONTENT_SCREENS.homeCourse;

describe('the Scheduled screen’s store', () => {
  it('a scheduled save says when it goes live; the entry is listed with its edit link and cancelled', async () => {
    const store = createContentStore(courses);
    await store.load();
    const title = `Scheduled course ${Date.now()}`;
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      await store.save({ id: null, fields: { title, description: 'Soon.', publishAt }, file: null }),
    ).toEqual({
      ok: true,
    });
    expect(store.$notice.get()).toEqual({
      kind: 'success',
      text: courses.family.messages.added,
      detail: SCHEDULE.goesLive(formatIst(publishAt)),
    });
    const list = await until(store.$list, (state) => state.items.some((item) => item.title === title));
    expect(list.items.find((item) => item.title === title)).toMatchObject({ published: false, publishAt });

    const scheduled = createScheduledStore();
    await scheduled.load();
    const entry = scheduled.$list.get().items.find((candidate) => candidate.title === title);
    expect(entry).toMatchObject({ family: courses.family.key, change: 'publish', at: publishAt });
    expect(editHref(entry!)).toBe(`/deltaadmin/home-courses?edit=${entry!.id}`);

    const asked: string[] = [];
    expect(await scheduled.cancel(entry!, (text) => (asked.push(text), false))).toBe(false);
    expect(scheduled.$list.get().items).toContain(entry);
    expect(await scheduled.cancel(entry!, () => true)).toBe(true);
    expect(asked).toEqual([SCHEDULE.confirmCancel('publish', title)]);
    expect(scheduled.$notice.get()).toEqual({ kind: 'success', text: SCHEDULE.cancelled(title) });
    expect(scheduled.$list.get().items.some((candidate) => candidate.title === title)).toBe(false);
    await scheduled.load();
    expect(scheduled.$list.get().items.some((candidate) => candidate.title === title)).toBe(false);
    // Cancelled, the course stays the draft it was.
    const stored = await admin.api.repository.get(courses.family.key, entry!.id);
    expect(stored).toMatchObject({ published: false });
    expect(stored).not.toHaveProperty('publishAt');
  });
});
