/** Enrollable courses: public list, admin add (unique name, case-insensitive) and delete. */
import { enrollCourseFamily } from '../../lib/collections.ts';
import { ADMIN, API, VALIDATION } from '../../lib/messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { readJson } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { created, HttpError, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate, validationFailure } from '../http/validate.ts';
import { UniqueConflictError } from '../repository/port.ts';

const family = enrollCourseFamily;

export const enrollCourseHandler: RouteHandler = async (input) => {
  const route = matchRoute(input.request, family.path);
  if (route?.kind === 'collection') {
    return dispatch(input.request, { GET: () => list(input), POST: () => add(input) });
  }
  if (route?.kind === 'item') return dispatch(input.request, { DELETE: () => remove(input, route.id) });
  return notFound(API.notFoundRoute);
};

async function list({ deps }: HandlerInput) {
  return ok(await deps.repository.list(family.key), { cache: publicCache(family.cacheTag) });
}

async function add({ request, deps }: HandlerInput) {
  requireAdmin(request, deps, 'write');
  const fields = validate(family.inputSchema, await readJson(request));
  try {
    const item = await deps.repository.create(family.key, fields);
    await publishChange(deps, family.cacheTag);
    return created(item, ADMIN.enrollCourse.added);
  } catch (error) {
    if (error instanceof UniqueConflictError) {
      throw new HttpError(validationFailure({ courseName: VALIDATION.courseDuplicate }));
    }
    throw error;
  }
}

async function remove({ request, deps }: HandlerInput, id: string) {
  requireAdmin(request, deps, 'write');
  const removed = await deps.repository.delete(family.key, id);
  if (!removed) return notFound();
  await publishChange(deps, family.cacheTag);
  return ok({ _id: removed._id }, { message: ADMIN.enrollCourse.deleted });
}
