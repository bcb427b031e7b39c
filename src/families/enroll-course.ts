/**
 * The course names of the /enroll form's list, and how enrolment requests are filtered.
 */
import { CATALOGUE, CONFIRM } from '../lib/staff-messages.ts';
import type { LookupDefinition } from './define.ts';

export const family = {
  key: 'enrollCourse',
  kind: 'lookup',
  titleField: 'courseName',
  admin: {
    route: 'courses',
    path: 'courses',
    label: 'Courses',
    group: 'section',
    hint: CATALOGUE.enrollCourseHint,
  },
  confirmDelete: CONFIRM.course,
} as const satisfies LookupDefinition<'enrollCourse'>;
