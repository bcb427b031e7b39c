import type { FormEvent } from 'react';
import { HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { ENROLL } from '../lib/public-copy.ts';
import { fetchPublicList, sendEnroll } from '../lib/public-api.ts';
import { FormFooter } from './FormNotice.tsx';
import { useRevalidatedList } from './use-revalidated-list.ts';
import { useSubmit } from './use-submit.ts';

export interface CourseOption {
  _id: string;
  courseName: string;
}

const loadCourses = (signal: AbortSignal) => fetchPublicList<CourseOption>('enrollCourse', signal);
const coursesFailed = () => PUBLIC.enrollCoursesFailed;
const submitFailed = () => PUBLIC.enrollFailed;
const FIELDS = ['name', 'email', 'phone', 'course', 'message'] as const;

/**
 * Enrolment form (spec sections 4, 5, 8): all five fields required after trimming ('All fields are required'),
 * 'Submitting...', success or failure; any edit clears the messages.
 */
export default function EnrollForm({ initial }: { initial?: readonly CourseOption[] }) {
  const courses = useRevalidatedList(initial, loadCourses, coursesFailed).state;
  const { state, submit, fail, clear } = useSubmit(submitFailed);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(
      FIELDS.map((field) => [field, String(data.get(field) ?? '').trim()]),
    ) as Record<(typeof FIELDS)[number], string>;
    if (FIELDS.some((field) => values[field] === '')) {
      fail(PUBLIC.enrollAllRequired);
      return;
    }
    const sent = await submit(async () => {
      await sendEnroll({ ...values, website: String(data.get(HONEYPOT_FIELD) ?? '') });
      return PUBLIC.enrollSuccess;
    });
    if (sent) form.reset();
  };

  return (
    <form
      className="form"
      onSubmit={onSubmit}
      onInput={clear}
      onChange={clear}
      noValidate
      aria-labelledby="enroll-title"
    >
      <h2 id="enroll-title" className="form-title">
        {ENROLL.heading}
      </h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor="enroll-name">{ENROLL.name}</label>
          <input className="input" id="enroll-name" name="name" autoComplete="name" aria-required="true" />
        </div>
        <div className="field">
          <label htmlFor="enroll-email">{ENROLL.email}</label>
          <input
            className="input"
            id="enroll-email"
            name="email"
            type="email"
            autoComplete="email"
            aria-required="true"
          />
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <label htmlFor="enroll-phone">{ENROLL.phone}</label>
          <input
            className="input"
            id="enroll-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            aria-required="true"
          />
        </div>
        <div className="field">
          <label htmlFor="enroll-course">{ENROLL.course}</label>
          <select className="input" id="enroll-course" name="course" defaultValue="" aria-required="true">
            <option value="">{ENROLL.chooseCourse}</option>
            {courses.items.map((course) => (
              <option key={course._id} value={course.courseName}>
                {course.courseName}
              </option>
            ))}
          </select>
          {courses.phase === 'error' && (
            <p className="alert alert--error" role="alert">
              {courses.error}
            </p>
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor="enroll-message">{ENROLL.message}</label>
        <textarea className="input" id="enroll-message" name="message" rows={4} aria-required="true" />
      </div>
      <FormFooter state={state} idleLabel={ENROLL.submit} busyLabel={PUBLIC.enrollSubmitting} />
    </form>
  );
}
