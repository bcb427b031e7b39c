/**
 * Enrollable courses (spec section 2): add a course name, list them under 'Available Courses (count)', delete
 * with a confirmation.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { enrollCourseFamily } from '../../lib/collections.ts';
import { MAX_LENGTH } from '../../lib/constants.ts';
import { ADMIN, CATALOGUE } from '../../lib/staff-messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { COURSES, FORM } from '../admin-copy.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createEnrollCourseStore } from '../stores/enroll-course-store.ts';

export default function CoursesScreen() {
  const store = useMemo(() => createEnrollCourseStore(), []);
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

  useEffect(() => {
    void store.load();
    return store.clearNotice;
  }, [store]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = enrollCourseFamily.inputSchema.safeParse({ courseName: name });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).courseName);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setError(undefined);
    const result = await store.add(parsed.data as { courseName: string });
    if (result.ok) setName('');
    else {
      setError(result.fieldError ?? undefined);
      // The reason sits beside the field: take the admin there.
      if (result.fieldError) requestAnimationFrame(() => document.getElementById(`${id}-name`)?.focus());
    }
  }

  async function onDelete(courseId: string) {
    if (!window.confirm(enrollCourseFamily.confirmDelete)) return;
    await store.remove(courseId);
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {COURSES.heading}
      </h1>
      <p className="screen-hint">{CATALOGUE.enrollCourseHint}</p>
      <div className="panel">
        <NoticeArea notice={notice} onDismiss={store.clearNotice} />
        <form className="inline-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>{COURSES.nameLabel}</label>
            <input
              id={`${id}-name`}
              type="text"
              value={name}
              placeholder={COURSES.namePlaceholder}
              maxLength={MAX_LENGTH.courseName}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-name-error` : undefined}
              disabled={busy !== null}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy !== null}>
            {busy?.action === 'adding' ? FORM.processing : COURSES.add}
          </button>
        </form>
        <FieldError id={`${id}-name-error`} message={error} />
      </div>
      {list.status === 'loading' && <p className="alert alert-info">{FORM.loading}</p>}
      {list.status === 'error' && (
        <button type="button" className="btn btn-outline btn-small" onClick={() => void store.load()}>
          {FORM.retry}
        </button>
      )}
      {list.status === 'ready' && (
        <>
          <h2 className="panel-title">{ADMIN.enrollCourse.listTitle(list.items.length)}</h2>
          {list.items.length === 0 ? (
            <p className="alert alert-info">{ADMIN.enrollCourse.empty}</p>
          ) : (
            <ul className="item-list">
              {list.items.map((course) => (
                <li key={course._id} className="course-row" data-item-id={course._id}>
                  <span>{course.courseName}</span>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    disabled={busy !== null}
                    onClick={() => void onDelete(course._id)}
                  >
                    {busy?.action === 'deleting' && busy.id === course._id ? FORM.deleting : FORM.delete}
                    <span className="visually-hidden"> {course.courseName}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
