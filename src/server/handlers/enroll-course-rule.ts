import { VALIDATION } from '../../lib/api-messages.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import { normaliseUnique } from '../repository/keys.ts';

/**
 * An enrolment must name a course that is offered (compared like the unique index: trimmed, case-insensitive);
 * the stored value is the course's own spelling.
 */
export async function resolveEnrollCourse(fields: Record<string, unknown>, deps: Deps) {
  const wanted = normaliseUnique(fields.course);
  const courses = await deps.repository.list('enrollCourse');
  // An inactive course is not offered: enrolments for it are refused like for an unknown one.
  const match = courses.find(
    (course) => course.isActive !== false && normaliseUnique(course.courseName) === wanted,
  );
  if (!match) throw new HttpError(validationFailure({ course: VALIDATION.courseUnknown }));
  return { ...fields, course: match.courseName };
}
