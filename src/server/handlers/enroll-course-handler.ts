/**
 * Enrollable courses: public list (active courses), admin add, rename / (de)activate (unique name,
 * case-insensitive) and delete (to the trash). Enrolments store the course's name as it was, so a rename
 * leaves them readable.
 */
import { enrollCourseFamily } from '../../lib/collections.ts';
import { VALIDATION } from '../../lib/messages.ts';
import { API } from '../../lib/api-messages.ts';
import { ADMIN } from '../../lib/staff-messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import { moveToTrash } from './move-to-trash.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { created, HttpError, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate, validationFailure } from '../http/validate.ts';
import { UniqueConflictError, type StoredItem } from '../repository/port.ts';

const family = enrollCourseFamily;

export const enrollCourseHandler: RouteHandler = async (input) => {
  const route = matchRoute(input.request, family.path);
  if (route?.kind === 'collection') {
    return dispatch(input.request, { GET: () => list(input), POST: () => add(input) });
  }
  if (route?.kind === 'item') {
    return dispatch(input.request, {
      PUT: () => update(input, route.id),
      DELETE: () => remove(input, route.id),
    });
  }
  return notFound(API.notFoundRoute);
};

export const isActiveCourse = (course: StoredItem) => course.isActive !== false;

async function list({ request, deps }: HandlerInput) {
  const all = await deps.repository.list(family.key);
  if (new URL(request.url).searchParams.get('drafts') === '1') {
    await requireAdmin(request, deps, 'read');
    return ok(all);
  }
  return ok(all.filter(isActiveCourse), { cache: publicCache(family.cacheTag) });
}

async function update(input: HandlerInput, id: string) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
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

async function add(input: HandlerInput) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
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

async function remove(input: HandlerInput, id: string) {
  const { request, deps } = input;
  const actor = await requireAdmin(request, deps, 'write');
  const removed = await moveToTrash(deps, family.key, id, actor);
  if (!removed) return notFound();
  await publishChange(deps, family.cacheTag);
  await auditAction(input, actor, { action: 'delete', family: family.key, item: removed.item });
  return ok({ _id: removed.item._id }, { message: ADMIN.enrollCourse.deleted });
}
