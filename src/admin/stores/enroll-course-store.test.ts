/**
 * The enrollable-courses store against the real API handlers: add, the duplicate rule (case-insensitive) with
 * the server's field message, delete, and the spec's texts.
 */
import { describe, expect, it } from 'vitest';
import { signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { GENERIC } from '../../lib/messages.ts';
import { VALIDATION } from '../../lib/api-messages.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { createEnrollCourseStore } from './enroll-course-store.ts';

signedInAdminPerTest();

describe('enrollable courses', () => {
  it('adds a course, refuses its duplicate with the field message, deletes it', async () => {
    const store = createEnrollCourseStore();
    await store.load();
    expect(store.$list.get()).toEqual({ status: 'ready', items: [] });

    expect(await store.add({ courseName: 'Ethical Hacking' })).toEqual({ ok: true });
    expect(store.$notice.get()).toEqual({ kind: 'success', text: ADMIN.enrollCourse.added });
    expect(store.$list.get().items.map((course) => course.courseName)).toEqual(['Ethical Hacking']);

    const duplicate = await store.add({ courseName: 'ethical hacking' });
    expect(duplicate).toEqual({ ok: false, fieldError: VALIDATION.courseDuplicate });
    // The reason beside the field only, not also "Failed to add course. Please try again.".
    expect(store.$notice.get()).toBeNull();
    expect(store.$list.get().items).toHaveLength(1);

    const [course] = store.$list.get().items;
    const removing = store.remove(course!._id);
    // Off the list at once.
    expect(store.$list.get().items).toEqual([]);
    await removing;
    expect(store.$notice.get()).toEqual({ kind: 'success', text: ADMIN.enrollCourse.deleted });
    expect(store.$list.get()).toEqual({ status: 'ready', items: [] });
    expect(store.$busy.get()).toBeNull();
  });

  it("deleting a course that is gone says the server's reason", async () => {
    const store = createEnrollCourseStore();
    await store.remove('missing');
    expect(store.$notice.get()).toEqual({ kind: 'error', text: GENERIC.notFound });
  });
});
