/**
 * Enrolment requests: the /enroll form and the batches' enrol buttons.
 */
import { API } from '../lib/api-messages.ts';
import { ACKNOWLEDGE, ADMIN, CSV_HEADERS, FAMILY_NOUNS } from '../lib/staff-messages.ts';
import { csvColumns, requestMessages } from './common.ts';
import type { RequestDefinition } from './define.ts';

export const family = {
  key: 'enroll',
  kind: 'request',
  titleField: 'name',
  admin: { route: 'enrollData', path: 'enroll-data', label: 'Enrollment Requests', group: 'section' },
  noun: FAMILY_NOUNS.enroll.noun,
  unnamed: FAMILY_NOUNS.enroll.unnamed,
  // `waitlisted`: taken for a full batch; last, so the spec's four keep their order.
  statuses: ['new', 'contacted', 'enrolled', 'declined', 'waitlisted'],
  csvColumns: csvColumns({ field: 'course', header: CSV_HEADERS.course }),
  courseFilter: true,
  messages: requestMessages(ADMIN.enroll),
  acknowledgement: ACKNOWLEDGE.enroll,
  received: API.enrollReceived,
} as const satisfies RequestDefinition<'enroll'>;
