/**
 * Enrollable courses: public list (active courses), admin add, rename / (de)activate (unique name,
 * case-insensitive) and delete (to the trash). Enrolments store the course's name as it was, so a rename
 * leaves them readable.
 */
import { enrollCourseFamily } from '../../lib/collections.ts';
import { API, VALIDATION } from '../../lib/api-messages.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { auditAction } from '../audit/audit-log.ts';
import { moveToTrash } from './move-to-trash.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import { created, HttpError, notFound, ok } from '../http/respond.ts';
import {
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteInput,
  type StaffInput,
} from '../http/route-table.ts';
import { validate, validationFailure } from '../http/validate.ts';
import { UniqueConflictError, type StoredItem } from '../repository/port.ts';

const family = enrollCourseFamily;

const itemPath = `${family.path}/:id`;
const on = { family: family.key };

export const enrollCourseRoutes: readonly ApiRoute[] = [
  // Inactive courses too: what staff manage (`?drafts=1`).
  staffRoute(
    'GET',
    family.path,
    STAFF,
    READ,
    async ({ deps }) => ok(await deps.repository.list(family.key)),
    {
      ...on,
      query: { drafts: '1' },
    },
  ),
  publicRoute('GET', family.path, PUBLIC, READ, list, { ...on, cache: publicCache(family.cacheTag) }),
  staffRoute('POST', family.path, STAFF, ['create'], add, on),
  staffRoute('PUT', itemPath, STAFF, ['update'], (input) => update(input, input.params.id ?? ''), on),
  staffRoute('DELETE', itemPath, STAFF, ['delete'], (input) => remove(input, input.params.id ?? ''), on),
];

export const isActiveCourse = (course: StoredItem) => course.isActive !== false;

async function list({ deps }: RouteInput) {
  return ok((await deps.repository.list(family.key)).filter(isActiveCourse));
}

async function update(input: StaffInput, id: string) {
  const { request, deps, actor } = input;
  const fields = validate(family.updateSchema, await readJson(request));
  try {
    const result = await deps.repository.update(family.key, id, fields);
    if (!result) return notFound();
    await publishChange(deps, family.cacheTag);
    await auditAction(input, actor, { action: 'update', family: family.key, item: result.item });
    return ok(result.item, { message: API.courseUpdated });
  } catch (error) {
    throw duplicateAsValidation(error);
  }
}

const duplicateAsValidation = (error: unknown) =>
  error instanceof UniqueConflictError
    ? new HttpError(validationFailure({ courseName: VALIDATION.courseDuplicate }))
    : error;

async function add(input: StaffInput) {
  const { request, deps, actor } = input;
  const fields = validate(family.inputSchema, await readJson(request));
  try {
    const item = await deps.repository.create(family.key, fields);
    await publishChange(deps, family.cacheTag);
    await auditAction(input, actor, { action: 'create', family: family.key, item });
    return created(item, ADMIN.enrollCourse.added);
  } catch (error) {
    throw duplicateAsValidation(error);
  }
}

async function remove(input: StaffInput, id: string) {
  const { deps, actor } = input;
  const removed = await moveToTrash(deps, family.key, id, actor);
  if (!removed) return notFound();
  await publishChange(deps, family.cacheTag);
  await auditAction(input, actor, { action: 'delete', family: family.key, item: removed.item });
  return ok({ _id: removed.item._id }, { message: ADMIN.enrollCourse.deleted });
}
