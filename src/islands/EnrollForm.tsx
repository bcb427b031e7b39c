import { useState, useSyncExternalStore, type FormEvent, type SyntheticEvent } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { isRecord } from '../lib/json.ts';
import { FILL_TIME_FIELD, HONEYPOT_FIELD } from '../lib/constants.ts';
import { FORM_REQUIRED, PUBLIC } from '../lib/messages.ts';
import { ENROLL } from '../lib/public-copy.ts';
import { fetchPublicList, sendEnroll } from '../lib/public-api.ts';
import type { PublicListItem } from '../lib/public-items.ts';
import {
  fieldErrorsOf,
  focusFirstInvalid,
  FormField,
  RequiredNote,
  type FieldErrors,
} from './form-fields.tsx';
import { FormFooter } from './FormNotice.tsx';
import { keptLeadSource } from './lead-source.ts';
import { useRevalidatedList } from './use-revalidated-list.ts';
import { useFillTime, useSubmit } from './use-submit.ts';

export type CourseOption = PublicListItem<'enrollCourse'>;
/**
 * A bookable catalogue batch, baked in by the page: its id, its enrolment name and how it reads
 * (words and all, so this JavaScript carries none).
 */
export type BatchOption = { id: string; course: string; text: string };
/** The fee's UPI link and QR code, made and worded by the server (this JavaScript only shows them). */
type Pay = { upiLink: string; qr: string; text: string; qrAlt: string; linkText: string };
/** The student's "Your enrolment" page: its signed address and the link's words, both the server's. */
type EnrolmentPage = { href: string; text: string };

const loadCourses = (signal: AbortSignal) => fetchPublicList('enrollCourse', signal);
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
  name: FORM_REQUIRED.name,
  email: FORM_REQUIRED.email,
  phone: FORM_REQUIRED.phone,
  course: FORM_REQUIRED.course,
};
type Errors = FieldErrors<Field>;
const FORM = 'enroll';

const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);
/** The address never changes while the form is open. */
const noSubscription = () => () => {};

/**
 * Enrolment form (spec sections 4, 5, 8): name, e-mail, phone and course required after trimming ('All fields
 * are required', each missing field marked), 'Submitting...', success or failure with the server's reason on
 * the field it concerns; any edit clears the messages.
 */
export default function EnrollForm({
  initial,
  batches,
  clearBatch,
}: {
  initial?: readonly CourseOption[];
  batches?: readonly BatchOption[];
  clearBatch?: string;
}) {
  const courses = useRevalidatedList(initial, loadCourses, coursesFailed).state;
  const { state, submit, fail, clear } = useSubmit(submitFailed);
  const fillTime = useFillTime();
  const [errors, setErrors] = useState<Errors>({});
  // `/enroll?batch=…` (a course page's "Enrol"): that batch and its course, until the visitor clears it or picks
  // another course. The address is read after hydration (the pre-rendered page has none).
  const search = useSyncExternalStore(
    noSubscription,
    () => location.search,
    () => '',
  );
  const chosen = batches?.find(({ id }) => id === new URLSearchParams(search).get('batch'));
  const [cleared, setCleared] = useState(false);
  const [pay, setPay] = useState<Pay>();
  const [page, setPage] = useState<EnrolmentPage>();
  const batch = cleared ? undefined : chosen;
  // The course is state, not left to the <select>: the live course list replaces the baked options after hydration,
  // and a select drops its choice when the chosen <option> is replaced (new ids) or arrives after it.
  const [picked, setPicked] = useState<string>();
  const listed = (name?: string) => courses.items.some(({ courseName }) => courseName === name);
  // A course the Courses list lacks is offered only with its batch: cleared, the visitor chooses again.
  const course = picked ?? (batch || listed(chosen?.course) ? chosen?.course : undefined) ?? '';

  const onEdit = (event: SyntheticEvent<HTMLFormElement>) => {
    clear();
    setPay(undefined);
    setPage(undefined);
    const { name, value } = event.target as { name?: unknown; value?: unknown };
    if (name === 'course' && value !== batch?.course) setCleared(true);
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
        const answer = await sendEnroll({
          ...values,
          batch: batch?.id,
          website: String(data.get(HONEYPOT_FIELD) ?? ''),
          [FILL_TIME_FIELD]: fillTime(),
          source: keptLeadSource(),
        });
        if (isRecord(answer) && isRecord(answer.enrolmentPage))
          setPage(answer.enrolmentPage as EnrolmentPage);
        // A full batch's waitlist: the server's own words, so this JavaScript carries none.
        if (isRecord(answer) && isRecord(answer.data)) return String(answer.message);
        if (isRecord(answer) && isRecord(answer.payment)) setPay(answer.payment as Pay);
      } catch (error) {
        refused = fieldErrorsOf(error, FIELDS);
        throw error;
      }
      return PUBLIC.enrollSuccess;
    });
    setErrors(refused);
    if (sent) {
      form.reset();
      setPicked(undefined);
    } else focusFirstInvalid(form, FIELDS, refused);
  };

  const fieldOf = { form: FORM, errors };
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
        <FormField
          {...fieldOf}
          field="name"
          label={ENROLL.name}
          required
          control={(props) => <input {...props} autoComplete="name" />}
        />
        <FormField
          {...fieldOf}
          field="email"
          label={ENROLL.email}
          required
          control={(props) => <input {...props} type="email" autoComplete="email" />}
        />
      </div>
      <div className="form-row">
        <FormField
          {...fieldOf}
          field="phone"
          label={ENROLL.phone}
          required
          control={(props) => <input {...props} type="tel" autoComplete="tel" />}
        />
        <FormField
          {...fieldOf}
          field="course"
          label={ENROLL.course}
          required
          control={(props) => (
            <select {...props} value={course} onChange={(event) => setPicked(event.currentTarget.value)}>
              <option value="">{ENROLL.chooseCourse}</option>
              {/* The batch's course by the name its page gives it, which the Courses list may not hold. */}
              {batch && !listed(batch.course) && <option value={batch.course}>{batch.course}</option>}
              {courses.items.map((course) => (
                <option key={course._id} value={course.courseName}>
                  {course.courseName}
                </option>
              ))}
            </select>
          )}
        >
          {courses.phase === 'error' && (
            <p className="alert alert--error" role="alert">
              {courses.error}
            </p>
          )}
        </FormField>
      </div>
      {batch && (
        <p className="form-batch">
          {batch.text}{' '}
          <button type="button" onClick={() => setCleared(true)}>
            {clearBatch}
          </button>
        </p>
      )}
      <FormField
        {...fieldOf}
        field="message"
        label={ENROLL.message}
        control={(props) => <textarea {...props} rows={4} />}
      />
      <FormFooter state={state} idleLabel={ENROLL.submit} busyLabel={PUBLIC.enrollSubmitting} />
      {page && (
        <p className="form-enrolment">
          <a href={page.href}>{page.text}</a>
        </p>
      )}
      {pay && (
        <div className="form-pay">
          <p>{pay.text}</p>
          <img src={pay.qr} alt={pay.qrAlt} width="232" height="232" />
          <a href={pay.upiLink}>{pay.linkText}</a>
        </div>
      )}
    </form>
  );
}
