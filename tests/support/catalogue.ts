/**
 * The catalogue an enrolment or payment test stands on, made through the real admin API of an api-harness
 * instance: the enrol form's course names, a trainer, catalogue courses (their creation backdated when a payment
 * is dated before the test's day), batches, and the Site settings' payee. Each file keeps its own names, fees and
 * dates; only the shape of the calls lives here.
 */
import { expect } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  settingsFamily,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { body, type Api } from '../integration/api-harness.ts';

const { trainer: trainers, course: courses, batch: batches } = contentFamilies;

export type Item = Record<string, unknown> & { _id: string };

/** Creates an item through the admin API; anything but 201 fails the test with the answer. */
export async function createItem(api: Api, family: ContentFamily, json: Record<string, unknown>) {
  const response = await api.admin(family.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}

/** The enrol form's course names (the Courses family an enrolment names its course from). */
export async function addEnrolNames(api: Api, ...courseNames: string[]): Promise<void> {
  for (const courseName of courseNames)
    expect((await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName } })).status).toBe(
      201,
    );
}

export const addTrainer = (api: Api, name = 'Arjun Nair') => createItem(api, trainers, { name });

/** A catalogue course taught by `trainer`: a syllabus, a duration and a fee, then the file's own fields. */
export const addCourse = (api: Api, trainer: Item, title: string, fields: Record<string, unknown> = {}) =>
  createItem(api, courses, {
    title,
    syllabus: [{ title: 'OWASP Top 10', topics: ['Injection'] }],
    duration: '8 weeks, 40 hours',
    fee: 1_850_000,
    trainers: [trainer._id],
    ...fields,
  });

/**
 * Gives a course the creation time `createdAt`: the store stamps the wall clock, and a payment may not be dated
 * before its batch's course existed (decisions §62).
 */
export async function backdateCourse(api: Api, course: Item, createdAt: string): Promise<void> {
  const stored = await api.repository.get(courses.key, course._id);
  await api.repository.put(courses.key, { ...stored!, createdAt });
}

/** A weekend batch of `course` from 12 December 2026 with 10 seats, then the test's own fields. */
export const addBatch = (api: Api, course: Item, name: string, fields: Record<string, unknown> = {}) =>
  createItem(api, batches, {
    name,
    course: course._id,
    schedule: 'Sat–Sun, 10 am–1 pm IST',
    mode: 'online',
    startDate: '2026-12-12',
    endDate: '2027-02-07',
    capacity: 10,
    ...fields,
  });

/** The Ethical Hacking course's prospectus in the seat and batch tests (its fee: ₹25,000). */
export const EH_PROSPECTUS = {
  syllabus: [{ title: 'Reconnaissance', topics: ['OSINT'] }],
  duration: '8 weeks, 48 hours',
  fee: 2_500_000,
  refundPolicy: 'Full refund up to 7 days before the start.',
};

/** Batch fields: two seats on weekday evenings from 14 March 2026. */
export const EVENINGS_IN_MARCH = {
  schedule: 'Mon–Thu, 7–9 pm IST',
  startDate: '2026-03-14',
  endDate: '2026-05-09',
  capacity: 2,
};

/** Saves Site settings: `fields` over the seed, or (`keep`) over what the API shows now. */
export async function saveSiteSettings(
  api: Api,
  fields: Record<string, unknown>,
  options: { keep?: boolean } = {},
): Promise<Response> {
  const under = options.keep
    ? ((await body(await api.call(settingsFamily.path))).data as Record<string, unknown>)
    : SITE_SETTINGS_SEED;
  return api.admin(settingsFamily.path, { method: 'PUT', json: { ...under, ...fields } });
}

/** The environment of an API that e-mails through `mailUrl` and takes many enrolments from one test. */
export const mailingEnv = (mailUrl: string, to: string, from: string) => ({
  SMTP_URL: mailUrl,
  NOTIFY_EMAIL_TO: to,
  NOTIFY_EMAIL_FROM: from,
  ...MANY_SUBMISSIONS,
});

/** Rate limits raised for tests that submit many enrolments from few addresses. */
export const MANY_SUBMISSIONS = { SUBMISSION_SENDER_LIMIT_MAX: '1000', SUBMISSION_RATE_LIMIT_MAX: '1000' };
