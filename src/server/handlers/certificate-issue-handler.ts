/**
 * Issuing certificates in bulk, staff only, each certificate audited as a `create`:
 * - `GET /api/v1/certificate/batch/{batchId}/candidates`: the batch's roster (every enrolment request holding a
 *   seat of it, by the seat rule of src/lib/batches.ts), each student with the certificate already issued to them for this batch, if any;
 * - `POST /api/v1/certificate/batch/{batchId}` `{enrollIds, issuedOn?, earlyIssueReason?}`: issues to the students
 *   staff ticked once the batch has ended (earlier only by an owner, with the reason), never twice for one person and batch (a valid certificate with the same enrolment or e-mail is skipped; one batch's
 *   issuing at a time, under a lease); each holder is e-mailed through the outbox (create-hooks.ts);
 * - `POST /api/v1/certificate/import?dryRun=1` (text/csv, or a form's `file`): old certificates, numbers kept, checked row by row;
 *   the dry run only answers the check; the import stages the checked rows and commits them in chunks (202 with
 *   its progress until the last chunk, then 201), `POST .../import/{importId}` commits the next chunk of an import
 *   that is not finished, resuming where a killed or failed call stopped (certificates/staged-import.ts). Imported
 *   certificates send no e-mail: they were issued long ago, and a file of old addresses is no mailing list.
 */
import { API } from '../../lib/api-messages.ts';
import { holdsSeatIn } from '../../lib/batches.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { utcToIstDay } from '../../lib/ist.ts';
import { auditAction } from '../audit/audit-log.ts';
import { purgeTag } from '../cdn/publish-change.ts';
import { checkImport, IMPORT_MAX_BYTES } from '../certificates/csv-import.ts';
import {
  commitChunk,
  importFinished,
  stagedImport,
  stageImport,
  type StagedImport,
} from '../certificates/staged-import.ts';
import type { Deps } from '../deps.ts';
import { readJson, readMultipart, readStreamLimited } from '../http/body.ts';
import {
  badRequest,
  conflict,
  created,
  HttpError,
  jsonResponse,
  notFound,
  ok,
  payloadTooLarge,
  unsupportedMediaType,
} from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { createFromFields } from './content-write.ts';
import { CERTIFICATE_FIELD } from '../enrolments/link.ts';
import { z } from 'zod';
import { everyInIndex } from '../repository/every-in-index.ts';

const family = contentFamilies.certificate;
export const CERTIFICATE_ISSUE_PATHS = {
  candidates: `${family.path}/batch/:id/candidates`,
  batch: `${family.path}/batch/:id`,
  import: `${family.path}/import`,
  resume: `${family.path}/import/:id`,
} as const;
const BATCH_LEASE_MS = 5 * 60_000;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const emailKey = (value: unknown) => text(value).toLocaleLowerCase('en');

export interface Candidate {
  enrollId: string;
  name: string;
  email: string;
  /** The valid certificate this person already holds for the batch. */
  certificate: { _id: string; number: string } | null;
}

async function rosterOf(deps: Deps, batchId: string) {
  const batch = await deps.repository.get('batch', batchId);
  if (!batch) throw new HttpError(notFound(API.certificateBatchUnknown));
  // The batch's own enrolments and certificates, through their batch indexes: a roster costs what the batch holds.
  const [enrolments, certificates] = await Promise.all([
    everyInIndex(deps.repository, 'enroll', { field: 'batch', value: batchId }),
    everyInIndex(deps.repository, family.key, { field: 'batch', value: batchId }),
  ]);
  const held = certificates.filter((item) => item.batch === batchId && item.status !== 'revoked');
  const candidates: Candidate[] = enrolments
    .filter((request) => holdsSeatIn(batchId, request))
    .map((request) => {
      const mine = held.find(
        (item) =>
          item.enrollId === request._id ||
          (emailKey(request.email) !== '' && emailKey(item.holderEmail) === emailKey(request.email)),
      );
      return {
        enrollId: request._id,
        name: text(request.name),
        email: text(request.email),
        certificate: mine ? { _id: mine._id, number: text(mine.number) } : null,
      };
    });
  return { batch, candidates };
}

async function candidates({ deps, params }: StaffInput) {
  const { batch, candidates: list } = await rosterOf(deps, params.id ?? '');
  return ok({
    batch: {
      _id: batch._id,
      name: text(batch.name),
      course: text(batch.course),
      startDate: batch.startDate,
      endDate: batch.endDate,
    },
    candidates: list,
  });
}

const BatchIssueSchema = z.strictObject({
  enrollIds: z
    .array(z.string().max(64), { error: API.certificateBatchPick })
    .min(1, API.certificateBatchPick)
    .max(500),
  issuedOn: z.string().max(40).optional(),
  /** An owner's reason to issue before the batch has ended (certificates/issue-timing.ts). */
  earlyIssueReason: z.string().trim().max(300).optional(),
});

async function issueForBatch(input: StaffInput) {
  const { deps, params } = input;
  const { enrollIds, issuedOn, earlyIssueReason } = validate(BatchIssueSchema, await readJson(input.request));
  const batchId = params.id ?? '';
  const lease = `certificate-batch-${batchId}`;
  if (!(await deps.coordination.acquireLease(lease, BATCH_LEASE_MS)))
    return conflict(API.certificateBatchBusy);
  try {
    const { batch, candidates: roster } = await rosterOf(deps, batchId);
    const byId = new Map(roster.map((candidate) => [candidate.enrollId, candidate]));
    const wanted = [...new Set(enrollIds)];
    if (wanted.some((id) => !byId.has(id))) return badRequest(API.certificateBatchNotEnrolled);
    const issued: { enrollId: string; _id: string; number: string }[] = [];
    const skipped: { enrollId: string; number: string }[] = [];
    const day = issuedOn ?? utcToIstDay(deps.now().toISOString());
    const seen = new Set<string>();
    for (const id of wanted) {
      const candidate = byId.get(id) as Candidate;
      const person = emailKey(candidate.email) || id;
      if (candidate.certificate || seen.has(person)) {
        skipped.push({ enrollId: id, number: candidate.certificate?.number ?? '' });
        continue;
      }
      seen.add(person);
      const fields = validate(family.inputSchema, {
        holderName: candidate.name,
        ...(candidate.email ? { holderEmail: candidate.email } : {}),
        course: text(batch.course),
        batch: batchId,
        issuedOn: day,
        ...(earlyIssueReason ? { earlyIssueReason } : {}),
      }) as Record<string, unknown>;
      const item = await createFromFields(family, input, fields, { enrollId: id });
      // The student's enrolment page finds its certificate by this link, never by reading every certificate.
      await deps.repository.update('enroll', id, { [CERTIFICATE_FIELD]: item._id }, { touch: false });
      issued.push({ enrollId: id, _id: item._id, number: text(item.number) });
    }
    return ok({ issued, skipped }, { message: API.certificateBatchIssued(issued.length, skipped.length) });
  } finally {
    await deps.coordination.releaseLease(lease).catch(() => undefined);
  }
}

/** The file as text/csv, or as the `file` of a multipart form (how the admin's file picker sends it). */
async function readCsv(request: Request): Promise<string> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    const file = (await readMultipart(request)).get('file');
    if (!(file instanceof File)) throw new HttpError(unsupportedMediaType(API.certificateImportNotCsv));
    if (file.size > IMPORT_MAX_BYTES) throw new HttpError(payloadTooLarge(API.payloadTooLarge));
    return new TextDecoder('utf-8').decode(await file.arrayBuffer());
  }
  if (type !== 'text/csv') throw new HttpError(unsupportedMediaType(API.certificateImportNotCsv));
  const declared = Number(request.headers.get('content-length'));
  const tooLarge = () => new HttpError(payloadTooLarge(API.payloadTooLarge));
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) throw tooLarge();
  return new TextDecoder('utf-8').decode(await readStreamLimited(request.body, IMPORT_MAX_BYTES, tooLarge));
}

async function importCsv(input: StaffInput) {
  const { deps, request } = input;
  const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
  const source = await readCsv(request);
  const lease = 'certificate-import';
  if (!dryRun && !(await deps.coordination.acquireLease(lease, BATCH_LEASE_MS)))
    return conflict(API.certificateImportBusy);
  try {
    const check = await checkImport(deps, source);
    if (check.kind === 'refused') return badRequest(check.message);
    if (check.kind === 'invalid')
      return jsonResponse(
        {
          success: false,
          message: API.certificateImportInvalid(check.rows),
          rowErrors: check.rowErrors,
          // The same, in the API's usual `errors` map ("{row}.{column}"), which every client already reads.
          errors: Object.fromEntries(check.rowErrors.map((e) => [`${e.row}.${e.field}`, e.message])),
        },
        400,
      );
    const preview = check.rows.map(({ row, fields }) => ({ row, ...fields }));
    if (dryRun)
      return ok({ dryRun: true, rows: preview }, { message: API.certificateImportChecked(preview.length) });
    // One import at a time: one left unfinished (a closed tab, a killed call) is finished first; this file waits.
    const earlier = await stagedImport(deps);
    if (earlier && !importFinished(earlier))
      return commitNext(input, earlier, API.certificateImportPending(earlier.done, earlier.total));
    return await commitNext(input, await stageImport(deps, check.rows));
  } finally {
    if (!dryRun) await deps.coordination.releaseLease(lease).catch(() => undefined);
  }
}

/** `POST .../import/{importId}`: commits the staged import's next chunk (or answers it, once finished). */
async function resumeImport(input: StaffInput) {
  const { deps } = input;
  const lease = 'certificate-import';
  if (!(await deps.coordination.acquireLease(lease, BATCH_LEASE_MS)))
    return conflict(API.certificateImportBusy);
  try {
    const staged = await stagedImport(deps);
    if (!staged || staged.id !== input.params.id) return notFound();
    return await commitNext(input, staged);
  } finally {
    await deps.coordination.releaseLease(lease).catch(() => undefined);
  }
}

const importProgress = (staged: StagedImport) => ({
  dryRun: false,
  importId: staged.id,
  done: staged.done,
  total: staged.total,
});

/**
 * One chunk, audited and purged as it lands (each committed certificate verifies at once); 202 with the progress
 * while rows remain, 201 with every imported certificate once the last one is in.
 */
async function commitNext(input: StaffInput, before: StagedImport, note?: string) {
  const { deps } = input;
  const { staged, committed } = importFinished(before)
    ? { staged: before, committed: [] }
    : await commitChunk(deps, before, (fields, importId) =>
        createFromFields(
          family,
          input,
          fields,
          { imported: true, importId },
          { audit: false, publish: false, hooks: false },
        ),
      );
  for (const item of committed)
    await auditAction(input, input.actor, { action: 'create', family: family.key, item });
  if (committed.length > 0) await purgeTag(deps, family.cacheTag);
  if (!importFinished(staged))
    return jsonResponse(
      {
        success: true,
        data: importProgress(staged),
        message: note ?? API.certificateImportProgress(staged.done, staged.total),
      },
      202,
    );
  return created(
    { ...importProgress(staged), imported: staged.imported },
    note ?? API.certificateImported(staged.imported.length),
  );
}

export const certificateIssueRoutes: readonly ApiRoute[] = [
  staffRoute('GET', CERTIFICATE_ISSUE_PATHS.candidates, STAFF, READ, candidates, { family: family.key }),
  staffRoute('POST', CERTIFICATE_ISSUE_PATHS.batch, STAFF, ['create'], issueForBatch, { family: family.key }),
  staffRoute('POST', CERTIFICATE_ISSUE_PATHS.import, STAFF, ['create'], importCsv, { family: family.key }),
  staffRoute('POST', CERTIFICATE_ISSUE_PATHS.resume, STAFF, ['create'], resumeImport, { family: family.key }),
];
