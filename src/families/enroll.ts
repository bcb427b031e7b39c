/**
 * Enrolment requests: the /enroll form and the batches' enrol buttons.
 */
import { API, VALIDATION } from '../lib/api-messages.ts';
import { ACKNOWLEDGE, ADMIN, CSV_HEADERS, FAMILY_NOUNS } from '../lib/staff-messages.ts';
import { MAX_LENGTH } from '../lib/constants.ts';
import type { ReferenceField, TextField } from '../lib/fields.ts';
import { csvColumns, messageField, requestMessages, senderFields } from './common.ts';
import type { RequestDefinition } from './define.ts';

/**
 * The catalogue batch an enrolment is for (chosen on a course page; none for the spec's enrolment), the one
 * declaration of it: the stored and input schemas, the batch and waitlist indexes and the submission's lookup
 * read it. It holds a seat of that batch by the seat rule (holdsSeat, src/lib/batches.ts); one taken for a full
 * batch is `waitlisted`. Any refusal answers the spec-era words for an unknown batch.
 */
export const ENROLMENT_BATCH = {
  name: 'batch',
  kind: 'reference',
  label: CSV_HEADERS.batch,
  to: 'batch',
  required: null,
  reasons: { invalid: API.batchUnknown, tooLong: API.batchUnknown },
} as const satisfies ReferenceField<'batch'>;

export const family = {
  key: 'enroll',
  kind: 'request',
  fields: [
    ...senderFields,
    {
      name: 'course',
      kind: 'text',
      label: CSV_HEADERS.course,
      max: MAX_LENGTH.courseName,
      required: VALIDATION.courseRequired,
    } as const satisfies TextField,
    messageField(null),
    ENROLMENT_BATCH,
  ],
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
