import { useState, type FormEvent, type SyntheticEvent } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC, VALIDATION } from '../lib/messages.ts';
import { ENROLL } from '../lib/public-copy.ts';
import { fetchPublicList, sendEnroll } from '../lib/public-api.ts';
import {
  FieldError,
  fieldErrorsOf,
  focusFirstInvalid,
  invalidProps,
  FieldLabel,
  RequiredNote,
  type FieldErrors,
} from './form-fields.tsx';
import { FormFooter } from './FormNotice.tsx';
import { useRevalidatedList } from './use-revalidated-list.ts';
import { useFillTime, useSubmit } from './use-submit.ts';

export interface CourseOption {
  _id: string;
  courseName: string;
}

const loadCourses = (signal: AbortSignal) => fetchPublicList<CourseOption>('enrollCourse', signal);
const coursesFailed = () => PUBLIC.enrollCoursesFailed;

/**
 * A refusal the server explains (a 4xx with a message: a malformed e-mail or phone, a withdrawn course, the rate
 * limit) is shown as the server words it, like the contact form; anything else gets the spec's failure message.
 */
const submitFailed = (error: unknown): string =>
  error instanceof ApiError && error.status !== null && error.status < 500 && error.serverMessage
    ? error.serverMessage
    : PUBLIC.enrollFailed;

const FIELDS = ['name', 'email', 'phone', 'course', 'message'] as const;
type Field = (typeof FIELDS)[number];
/** The server's EnrollInputSchema: the message is optional (docs/decisions.md). */
const REQUIRED: Record<Exclude<Field, 'message'>, string> = {
  name: VALIDATION.nameRequired,
  email: VALIDATION.emailRequired,
  phone: VALIDATION.phoneRequired,
  course: VALIDATION.courseRequired,
};
type Errors = FieldErrors<Field>;
const FORM = 'enroll';

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/**
 * Enrolment form (spec sections 4, 5, 8): name, e-mail, phone and course required after trimming ('All fields
 * are required', each missing field marked), 'Submitting...', success or failure with the server's reason on
 * the field it concerns; any edit clears the messages.
 */
export default function EnrollForm({ initial }: { initial?: readonly CourseOption[] }) {
  const courses = useRevalidatedList(initial, loadCourses, coursesFailed).state;
  const { state, submit, fail, clear } = useSubmit(submitFailed);
  const fillTime = useFillTime();
  const [errors, setErrors] = useState<Errors>({});

  const onEdit = (event: SyntheticEvent<HTMLFormElement>) => {
    clear();
    const name = (event.target as { name?: unknown }).name;
    if (typeof name === 'string' && isField(name) && errors[name])
      setErrors(({ [name]: _edited, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = Object.fromEntries(
      FIELDS.map((field) => [field, String(data.get(field) ?? '').trim()]),
    ) as Record<Field, string>;
    const missing = Object.fromEntries(
      Object.entries(REQUIRED).filter(([field]) => values[field as Field] === ''),
    ) as Errors;
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      fail(PUBLIC.enrollAllRequired);
      focusFirstInvalid(form, FIELDS, missing);
      return;
    }
    let refused: Errors = {};
    const sent = await submit(async () => {
      try {
        await sendEnroll({
          ...values,
          website: String(data.get(HONEYPOT_FIELD) ?? ''),
          [FILL_TIME_FIELD]: fillTime(),
        });
      } catch (error) {
        refused = fieldErrorsOf(error, FIELDS);
        throw error;
      }
      return PUBLIC.enrollSuccess;
    });
    setErrors(refused);
    if (sent) form.reset();
    else focusFirstInvalid(form, FIELDS, refused);
  };

  return (
    <form
      className="form"
      onSubmit={onSubmit}
      onInput={onEdit}
      onChange={onEdit}
      noValidate
      aria-labelledby="enroll-title"
    >
      <h2 id="enroll-title" className="form-title">
        {ENROLL.heading}
      </h2>
      <RequiredNote />
      <div className="form-row">
        <div className="field">
          <FieldLabel id="enroll-name" text={ENROLL.name} required />
          <input
            className="input"
            id="enroll-name"
            name="name"
            autoComplete="name"
            required
            {...invalidProps(FORM, errors, 'name')}
          />
          <FieldError form={FORM} errors={errors} field="name" />
        </div>
        <div className="field">
          <FieldLabel id="enroll-email" text={ENROLL.email} required />
          <input
            className="input"
            id="enroll-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...invalidProps(FORM, errors, 'email')}
          />
          <FieldError form={FORM} errors={errors} field="email" />
        </div>
      </div>
      <div className="form-row">
        <div className="field">
          <FieldLabel id="enroll-phone" text={ENROLL.phone} required />
          <input
            className="input"
            id="enroll-phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            required
            {...invalidProps(FORM, errors, 'phone')}
          />
          <FieldError form={FORM} errors={errors} field="phone" />
        </div>
        <div className="field">
          <FieldLabel id="enroll-course" text={ENROLL.course} required />
          <select
            className="input"
            id="enroll-course"
            name="course"
            defaultValue=""
            required
            {...invalidProps(FORM, errors, 'course')}
          >
            <option value="">{ENROLL.chooseCourse}</option>
            {courses.items.map((course) => (
              <option key={course._id} value={course.courseName}>
                {course.courseName}
              </option>
            ))}
          </select>
          <FieldError form={FORM} errors={errors} field="course" />
          {courses.phase === 'error' && (
            <p className="alert alert--error" role="alert">
              {courses.error}
            </p>
          )}
        </div>
      </div>
      <div className="field">
        <FieldLabel id="enroll-message" text={ENROLL.message} />
        <textarea
          className="input"
          id="enroll-message"
          name="message"
          rows={4}
          {...invalidProps(FORM, errors, 'message')}
        />
        <FieldError form={FORM} errors={errors} field="message" />
      </div>
      <FormFooter state={state} idleLabel={ENROLL.submit} busyLabel={PUBLIC.enrollSubmitting} />
    </form>
  );
}
