import { useState, type FormEvent, type SyntheticEvent } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { PUBLIC, VALIDATION } from '../lib/messages.ts';
import { ENROLL } from '../lib/public-copy.ts';
import { fetchPublicList, sendEnroll } from '../lib/public-api.ts';
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
type FieldErrors = Partial<Record<Field, string>>;

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/** The server's per-field reasons, for the fields this form has. */
const fieldErrorsOf = (error: unknown): FieldErrors =>
  error instanceof ApiError && error.errors
    ? Object.fromEntries(Object.entries(error.errors).filter(([name]) => isField(name)))
    : {};

/** Marks a control invalid and ties its message to it (read out with the label). */
const invalid = (errors: FieldErrors, field: Field) =>
  errors[field]
    ? ({ 'aria-invalid': true, 'aria-describedby': `enroll-${field}-error` } as const)
    : ({} as const);

function FieldError({ errors, field }: { errors: FieldErrors; field: Field }) {
  const message = errors[field];
  return message ? (
    <p className="field-error" id={`enroll-${field}-error`}>
      {message}
    </p>
  ) : null;
}

/**
 * Enrolment form (spec sections 4, 5, 8): name, e-mail, phone and course required after trimming ('All fields
 * are required', each missing field marked), 'Submitting...', success or failure with the server's reason on
 * the field it concerns; any edit clears the messages.
 */
export default function EnrollForm({ initial }: { initial?: readonly CourseOption[] }) {
  const courses = useRevalidatedList(initial, loadCourses, coursesFailed).state;
  const { state, submit, fail, clear } = useSubmit(submitFailed);
  const fillTime = useFillTime();
  const [errors, setErrors] = useState<FieldErrors>({});

  const focusFirst = (form: HTMLFormElement, found: FieldErrors) => {
    const first = FIELDS.find((field) => found[field]);
    if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

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
    ) as FieldErrors;
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      fail(PUBLIC.enrollAllRequired);
      focusFirst(form, missing);
      return;
    }
    let refused: FieldErrors = {};
    const sent = await submit(async () => {
      try {
        await sendEnroll({
          ...values,
          website: String(data.get(HONEYPOT_FIELD) ?? ''),
          [FILL_TIME_FIELD]: fillTime(),
        });
      } catch (error) {
        refused = fieldErrorsOf(error);
        throw error;
      }
      return PUBLIC.enrollSuccess;
    });
    setErrors(refused);
    if (sent) form.reset();
    else focusFirst(form, refused);
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
      <div className="form-row">
        <div className="field">
          <label htmlFor="enroll-name">{ENROLL.name}</label>
          <input
            className="input"
            id="enroll-name"
            name="name"
            autoComplete="name"
            required
            {...invalid(errors, 'name')}
          />
          <FieldError errors={errors} field="name" />
        </div>
        <div className="field">
          <label htmlFor="enroll-email">{ENROLL.email}</label>
          <input
            className="input"
            id="enroll-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...invalid(errors, 'email')}
          />
          <FieldError errors={errors} field="email" />
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
            required
            {...invalid(errors, 'phone')}
          />
          <FieldError errors={errors} field="phone" />
        </div>
        <div className="field">
          <label htmlFor="enroll-course">{ENROLL.course}</label>
          <select
            className="input"
            id="enroll-course"
            name="course"
            defaultValue=""
            required
            {...invalid(errors, 'course')}
          >
            <option value="">{ENROLL.chooseCourse}</option>
            {courses.items.map((course) => (
              <option key={course._id} value={course.courseName}>
                {course.courseName}
              </option>
            ))}
          </select>
          <FieldError errors={errors} field="course" />
          {courses.phase === 'error' && (
            <p className="alert alert--error" role="alert">
              {courses.error}
            </p>
          )}
        </div>
      </div>
      <div className="field">
        <label htmlFor="enroll-message">{ENROLL.message}</label>
        <textarea
          className="input"
          id="enroll-message"
          name="message"
          rows={4}
          {...invalid(errors, 'message')}
        />
        <FieldError errors={errors} field="message" />
      </div>
      <FormFooter state={state} idleLabel={ENROLL.submit} busyLabel={PUBLIC.enrollSubmitting} />
    </form>
  );
}
