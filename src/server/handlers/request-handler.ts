/**
 * The one handler for personal-data requests (contact messages, enrolments): a public, rate-limited,
 * honeypot-guarded POST; admin list (newest first, paginated), delete and CSV export.
 */
import {
  CSV_EXPORT_NAME,
  requestFamilies,
  SOURCES_NAME,
  type RequestFamily,
  type RequestFamilyKey,
} from '../../lib/collections.ts';
import {
  FILL_TIME_FIELD,
  HONEYPOT_FIELD,
  SEARCH_SCAN_LIMIT,
  SUBMISSION_RATE_LIMIT,
  SUBMISSION_SENDER_RATE_LIMIT,
} from '../../lib/constants.ts';
import { INITIAL_STATUS, REQUEST_LIST_PARAMS, sourceKey, statusOf } from '../../lib/enquiries.ts';
import { API } from '../../lib/api-messages.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { createHash } from 'node:crypto';
import { auditAction } from '../audit/audit-log.ts';
import { moveToTrash } from './move-to-trash.ts';
import type { Deps } from '../deps.ts';
import { bodyKind, readJson, readUrlEncoded } from '../http/body.ts';
import { formToAssessment } from '../../lib/assessment.ts';
import { newReference, shouldAcknowledge } from '../enquiries/acknowledge.ts';
import { refusedPage } from '../enquiries/form-answer.ts';
import { currentSettings } from './settings-handler.ts';
import {
  PUBLIC_FORM,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteInput,
  type RouteLimit,
  type StaffInput,
} from '../http/route-table.ts';
import { conflict, HttpError, notFound, ok, unsupportedMediaType } from '../http/respond.ts';
import { validate } from '../http/validate.ts';
import { answerOnce } from '../http/idempotency.ts';
import { allRequests, findRequests, forAdmin } from '../enquiries/find.ts';
import { deliverAfterResponse, newOutbox } from '../enquiries/outbox.ts';
import { resolveEnrollCourse } from './enroll-course-rule.ts';
import { requestsCsv } from './request-csv.ts';
import { purgeSeatsIfHeld, resolveEnrollBatch, withBatches } from './enroll-batch.ts';
import { releaseSeatOf, updateEnrolment } from '../seats/batch-seats.ts';
import { WAITLISTED } from '../../lib/batches.ts';
import { ENROLL_WAITLISTED } from '../../lib/messages.ts';
import { isRecord } from '../../lib/json.ts';
import { paymentOffer } from '../fees/offer.ts';
import { botAnswer, pageOf, submissionAnswer } from '../enrolments/answer.ts';

/**
 * Family-specific checks after validation: an enrolment must name an offered course, and its batch, if it names
 * one, must be bookable (a full one sets the status `waitlisted`). A batch's course is its catalogue course, by
 * that course's one name (enroll-batch.ts), whether or not the Courses list has that name.
 */
const submissionRules: Partial<
  Record<RequestFamilyKey, (fields: Record<string, unknown>, deps: Deps) => Promise<Record<string, unknown>>>
> = {
  enroll: async (fields, deps) =>
    resolveEnrollBatch(fields.batch ? fields : await resolveEnrollCourse(fields, deps), deps),
};

/**
 * A request family's routes: the public submission; for staff the list (paged and filtered with parameters),
 * the follow-up (status and note), delete (to the trash) and the CSV.
 */
export function requestRoutes(family: RequestFamily): ApiRoute[] {
  const item = `${family.path}/:id`;
  const on = { family: family.key };
  return [
    staffRoute(
      'GET',
      `${family.path}/${CSV_EXPORT_NAME}`,
      STAFF,
      ['export'],
      (input) => exportCsv(family, input),
      on,
    ),
    staffRoute('GET', family.path, STAFF, READ, (input) => list(family, input), on),
    staffRoute('GET', `${family.path}/${SOURCES_NAME}`, STAFF, READ, (input) => sources(family, input), on),
    publicRoute(
      'POST',
      family.path,
      PUBLIC_FORM,
      { none: 'a visitor submits; staff actions on it are logged' },
      // A retry with the same Idempotency-Key gets the first answer and stores nothing twice.
      (input) => answerOnce(input.deps, input.request, family.key, () => submit(family, input)),
      { ...on, limits: submissionLimits(family) },
    ),
    staffRoute(
      'PATCH',
      item,
      STAFF,
      ['status-change', 'note-change'],
      (input) => patch(family, input, input.params.id ?? ''),
      on,
    ),
    staffRoute(
      'DELETE',
      item,
      STAFF,
      ['delete'],
      (input) => remove(family, input, input.params.id ?? ''),
      on,
    ),
  ];
}

/** The kinds of sender a submission is limited by, each from the field that names it. */
const SENDERS = {
  email: (fields: Record<string, unknown>) => String(fields.email ?? '').toLowerCase(),
  phone: (fields: Record<string, unknown>) => String(fields.phone ?? '').replace(/\D/g, ''),
} as const;

/**
 * A submission counts per address, before its body is read; then, once it is valid, per sender: one sender
 * resubmitting is limited far tighter than one address, which a whole classroom may share.
 */
function submissionLimits(family: RequestFamily): RouteLimit[] {
  const perSender = Object.keys(SENDERS).map((kind): RouteLimit => ({
    name: kind,
    per: 'key',
    counters: (env) => [
      {
        bucket: `submit-${family.key}-${kind}`,
        rule: { ...SUBMISSION_SENDER_RATE_LIMIT, limit: env.SUBMISSION_SENDER_LIMIT_MAX },
      },
    ],
    message: API.rateLimited,
  }));
  return [
    {
      name: 'address',
      per: 'address',
      counters: (env) => [
        {
          bucket: `submit-${family.key}`,
          rule: { ...SUBMISSION_RATE_LIMIT, limit: env.SUBMISSION_RATE_LIMIT_MAX },
        },
      ],
      message: API.rateLimited,
    },
    ...perSender,
  ];
}

/**
 * A plain HTML form's POST (the assessment form without JavaScript): the same submission, answered
 * with a 303 to the thank-you page, or with a page that lists what to correct (nothing stored).
 */
async function submitForm(family: RequestFamily, input: RouteInput) {
  const form = family.htmlForm;
  if (!form) throw new HttpError(unsupportedMediaType());
  try {
    await submitBody(family, input, formToAssessment(await readUrlEncoded(input.request)));
    return new Response(null, {
      status: 303,
      headers: { Location: form.thanks, 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    if (error instanceof HttpError) return refusedPage(error.response, form.refused);
    throw error;
  }
}

async function submit(family: RequestFamily, input: RouteInput) {
  if (bodyKind(input.request) === 'form') return submitForm(family, input);
  return submitBody(family, input, await readJson(input.request));
}

async function submitBody(
  family: RequestFamily,
  { deps, waitUntil, count }: RouteInput,
  body: unknown,
): Promise<Response> {
  // A bot filled the hidden field or sent the form faster than a person can: answer as for a person, keep nothing.
  if (isRecord(body) && (filledHoneypot(body) || tooFast(body, deps.env.SUBMISSION_MIN_FILL_MS)))
    return botAnswer(deps.env, family.key, family.received);
  const { [HONEYPOT_FIELD]: _honeypot, ...fields } = validate(
    family.inputSchema,
    withoutFillTime(body),
  ) as Record<string, unknown>;
  const rule = submissionRules[family.key as RequestFamilyKey];
  const stored = rule ? await rule(fields, deps) : fields;
  await count(senderKeys(stored));
  // Only now, with the request about to be stored, does the sender's address count for the day.
  const settings = await currentSettings(deps);
  const acknowledge = await shouldAcknowledge(deps, family, String(stored.email ?? ''), settings);
  // The outbox is stored with the request in one write: a stored request always has its notifications.
  const outbox = newOutbox(deps.notifier.channels, deps.now(), { acknowledge });
  const status = stored.status === WAITLISTED ? WAITLISTED : INITIAL_STATUS;
  const reference = newReference();
  // A seat with a fee is paid by UPI. Decided once, here: the answer shows this payment and the request
  // keeps it (`paymentAsked`) in the same write, so its acknowledgement repeats exactly it, and a waitlisted
  // request (no seat yet, nothing to pay) gets none in either.
  const payment = status === WAITLISTED ? null : await paymentOffer({ ...stored, reference }, settings);
  const item = await deps.repository.create(family.key, {
    ...stored,
    status,
    reference,
    ...(payment ? { paymentAsked: payment.asked } : {}),
    outbox,
  });
  if (outbox) waitUntil(deliverAfterResponse(deps, family.key as RequestFamilyKey, item._id));
  // Nothing public changed (a new request holds no seat), so no purge and no rebuild; the submitter gets no stored
  // personal data back, only whether the request joined a full batch's waitlist.
  // The answer adds what the form shows (the spec's fields stay): the payment, and the student's enrolment page.
  const page = pageOf(deps.env, family.key, item);
  if (item.status === WAITLISTED) return submissionAnswer({ status: WAITLISTED }, ENROLL_WAITLISTED, page);
  return submissionAnswer(null, family.received, page, payment?.offer);
}

const filledHoneypot = (body: Record<string, unknown>) =>
  typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '';

/** Only a number counts: a body without the field (older clients, API callers) is never judged by it. */
const tooFast = (body: Record<string, unknown>, minFillMs: number) => {
  const elapsed = body[FILL_TIME_FIELD];
  return typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed < minFillMs;
};

/** The fill time is a signal for this handler, not part of the submission: it is neither validated nor kept. */
function withoutFillTime(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const { [FILL_TIME_FIELD]: _elapsed, ...rest } = body;
  return rest;
}

/** The senders' keys: hashes, so the limiter's store holds no e-mail address or phone number. */
const senderKeys = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(SENDERS).map(([kind, valueOf]) => {
      const value = valueOf(fields);
      return [
        kind,
        value === '' ? undefined : createHash('sha256').update(value).digest('base64url').slice(0, 32),
      ];
    }),
  );

/** The list filters from the query string; empty parameters count as absent. */
function listQuery(family: RequestFamily, request: Request, { paging = true } = {}) {
  const params = new URL(request.url).searchParams;
  const given = Object.fromEntries(
    REQUEST_LIST_PARAMS.filter((name) => params.get(name))
      .filter((name) => paging || (name !== 'limit' && name !== 'cursor'))
      .map((name) => [name, params.get(name)]),
  );
  const query = validate(family.listQuerySchema, given);
  const { limit, cursor, ...filter } = query;
  if (!family.courseFilter) {
    delete filter.course;
    delete filter.batch;
  }
  return {
    paged: REQUEST_LIST_PARAMS.some((name) => params.has(name)),
    limit,
    cursor: cursor ?? null,
    filter,
  };
}

async function list(family: RequestFamily, { request, deps }: StaffInput) {
  const query = listQuery(family, request);
  if (!query.paged) {
    // Unparameterised, the answer keeps the spec's shape: `data` is every request (newest first), in full.
    return ok((await withBatches(deps, await allRequests(deps.repository, family))).map(forAdmin));
  }
  const page = await findRequests(deps.repository, family, query.filter, query);
  // A search that stopped at its bound says so: what it found is shown, and the cursor searches further.
  return ok((await withBatches(deps, page.items)).map(forAdmin), {
    ...(page.stopped ? { message: ENQUIRY.searchStopped(SEARCH_SCAN_LIMIT) } : {}),
    extra: { nextCursor: page.nextCursor, ...(page.stopped ? { searchStopped: true } : {}) },
  });
}

/**
 * How many requests came from each source (utm_source, else the referring site, else "direct";
 * "unknown" for those sent without one), under the list's other filters.
 */
async function sources(family: RequestFamily, { request, deps }: StaffInput) {
  const { filter } = listQuery(family, request, { paging: false });
  delete filter.source;
  const counts: Record<string, number> = {};
  for (const item of await allRequests(deps.repository, family, filter)) {
    const key = sourceKey(item);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return ok(counts);
}

async function patch(family: RequestFamily, input: StaffInput, id: string) {
  const { request, deps, actor } = input;
  const { status, note } = validate(family.patchSchema, await readJson(request)) as {
    status?: string;
    note?: string;
  };
  const fields: Record<string, unknown> = {};
  if (status !== undefined) fields.status = status;
  const cleared = note !== undefined && note.trim() === '';
  if (note !== undefined) {
    // An empty note removes it, and who wrote it with it; a saved one says who wrote it and when.
    fields.note = cleared ? undefined : note;
    fields.noteBy = cleared ? undefined : actor.name;
    fields.noteAt = cleared ? undefined : deps.now().toISOString();
  }
  // An enrolment moving into `enrolled` takes its batch's seat, and is refused when none is left.
  const result =
    family.key === requestFamilies.enroll.key
      ? await updateEnrolment(deps, id, fields)
      : await deps.repository.update(family.key, id, fields);
  if (result === 'full') return conflict(API.batchFull);
  if (!result) return notFound();
  const { item, previous } = result;
  await purgeSeatsIfHeld(deps, previous, item);
  // The log says what changed: a status that did not move is no status change, an unchanged note no note change.
  if (status !== undefined && statusOf(previous) !== status)
    await auditAction(input, actor, {
      action: 'status-change',
      family: family.key,
      item,
      detail: { from: statusOf(previous), to: status },
    });
  if (note !== undefined && previous.note !== item.note)
    await auditAction(input, actor, {
      action: 'note-change',
      family: family.key,
      item,
      ...(cleared ? { detail: { cleared: true } } : {}),
    });
  return ok(forAdmin(item), { message: ENQUIRY.updated });
}

async function remove(family: RequestFamily, input: StaffInput, id: string) {
  const { deps, actor } = input;
  // To the trash like every delete (restorable for TRASH_RETENTION_DAYS, then purged).
  const removed = await moveToTrash(deps, family.key, id, actor);
  if (!removed) return notFound();
  await releaseSeatOf(deps, removed.item);
  await purgeSeatsIfHeld(deps, removed.item);
  await auditAction(input, actor, { action: 'delete', family: family.key, item: removed.item });
  return ok({ _id: removed.item._id }, { message: family.messages.deleted });
}

/** The CSV of what the list shows: the same filters apply, every matching request (not one page). */
async function exportCsv(family: RequestFamily, input: StaffInput) {
  const { request, deps, actor } = input;
  // Every matching request, whatever page the screen shows: paging parameters are not the export's business.
  const { filter } = listQuery(family, request, { paging: false });
  await auditAction(input, actor, { action: 'export', family: family.key });
  return requestsCsv(deps, family, filter);
}
