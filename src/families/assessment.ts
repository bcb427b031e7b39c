/**
 * Security assessment requests: the /services form, answered with a proposal.
 */
import { API } from '../lib/api-messages.ts';
import { ACKNOWLEDGE, ADMIN, ASSESSMENT_ADMIN, CSV_HEADERS, FAMILY_NOUNS } from '../lib/staff-messages.ts';
import { requestMessages } from './common.ts';
import type { RequestDefinition } from './define.ts';

export const family = {
  key: 'assessment',
  kind: 'request',
  titleField: 'organisation',
  // A tool, not a section: the spec's sidebar has nine links and keeps them.
  admin: { route: 'assessmentData', path: 'assessment-data', label: 'Assessment Requests', group: 'tool' },
  noun: FAMILY_NOUNS.assessment.noun,
  unnamed: FAMILY_NOUNS.assessment.unnamed,
  statuses: ['new', 'qualified', 'proposal-sent', 'won', 'lost'],
  csvColumns: [
    { field: 'createdAt', header: CSV_HEADERS.received, format: 'time' },
    { field: 'organisation', header: CSV_HEADERS.organisation },
    { field: 'name', header: CSV_HEADERS.name },
    { field: 'email', header: CSV_HEADERS.email },
    { field: 'phone', header: CSV_HEADERS.phone },
    { field: 'scope', header: CSV_HEADERS.scope, format: 'counts', labels: ASSESSMENT_ADMIN.scope },
    { field: 'environment', header: CSV_HEADERS.environment, labels: ASSESSMENT_ADMIN.environment },
    {
      field: 'compliance',
      header: CSV_HEADERS.compliance,
      format: 'list',
      labels: ASSESSMENT_ADMIN.compliance,
    },
    { field: 'wantedBy', header: CSV_HEADERS.wantedBy, format: 'day' },
    {
      field: 'nda',
      header: CSV_HEADERS.nda,
      labels: { yes: ASSESSMENT_ADMIN.yes, no: ASSESSMENT_ADMIN.no },
    },
    { field: 'gstin', header: CSV_HEADERS.gstin },
    { field: 'notes', header: CSV_HEADERS.notes, multiline: true },
    { field: 'source', header: CSV_HEADERS.source, format: 'source' },
    { field: 'status', header: CSV_HEADERS.status, format: 'status' },
    { field: 'note', header: CSV_HEADERS.note, multiline: true },
    { field: 'updatedAt', header: CSV_HEADERS.updated, format: 'time' },
  ],
  courseFilter: false,
  messages: requestMessages(ADMIN.assessment),
  acknowledgement: ACKNOWLEDGE.assessment,
  received: API.assessmentReceived,
  htmlForm: { thanks: '/services/assessment-received', refused: '/services#assessment' },
} as const satisfies RequestDefinition<'assessment'>;
