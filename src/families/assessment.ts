/**
 * Security assessment requests: the /services form, answered with a proposal.
 */
import { API, ASSESSMENT_VALIDATION } from '../lib/api-messages.ts';
import { COMPLIANCE_REASONS, ENVIRONMENTS, NDA_ANSWERS } from '../lib/assessment-form.ts';
import { MAX_LENGTH } from '../lib/constants.ts';
import type { DateField, LinesField, SelectField, TextField } from '../lib/fields.ts';
import { ACKNOWLEDGE, ADMIN, ASSESSMENT_ADMIN, CSV_HEADERS, FAMILY_NOUNS } from '../lib/staff-messages.ts';
import { messageField, requestMessages, senderFields } from './common.ts';
import type { RequestDefinition } from './define.ts';

const choices = (values: readonly string[], labels: Readonly<Record<string, string>>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/**
 * What an assessment request stores, but its scope: counts per kind of target (src/lib/assessment.ts), which no
 * field kind holds.
 */
const fields = [
  {
    name: 'organisation',
    kind: 'text',
    label: CSV_HEADERS.organisation,
    max: MAX_LENGTH.name,
    required: ASSESSMENT_VALIDATION.organisationRequired,
  } as const satisfies TextField,
  ...senderFields,
  {
    name: 'environment',
    kind: 'select',
    label: CSV_HEADERS.environment,
    options: choices(ENVIRONMENTS, ASSESSMENT_ADMIN.environment),
    required: ASSESSMENT_VALIDATION.environmentRequired,
  } as const satisfies SelectField,
  {
    name: 'compliance',
    kind: 'lines',
    label: CSV_HEADERS.compliance,
    min: 0,
    maxLines: COMPLIANCE_REASONS.length,
    max: 40,
    reasons: { invalid: ASSESSMENT_VALIDATION.complianceInvalid },
  } as const satisfies LinesField,
  {
    name: 'wantedBy',
    kind: 'date',
    label: CSV_HEADERS.wantedBy,
    required: ASSESSMENT_VALIDATION.wantedByRequired,
  } as const satisfies DateField,
  {
    name: 'nda',
    kind: 'select',
    label: CSV_HEADERS.nda,
    options: choices(NDA_ANSWERS, { yes: ASSESSMENT_ADMIN.yes, no: ASSESSMENT_ADMIN.no }),
    required: ASSESSMENT_VALIDATION.ndaRequired,
  } as const satisfies SelectField,
  {
    name: 'gstin',
    kind: 'text',
    label: CSV_HEADERS.gstin,
    max: 15,
    format: 'gstin',
    required: null,
    reasons: { invalid: ASSESSMENT_VALIDATION.gstinInvalid },
  } as const satisfies TextField,
  { ...messageField(null), name: 'notes', label: CSV_HEADERS.notes } as const satisfies TextField<'notes'>,
];

export const family = {
  key: 'assessment',
  kind: 'request',
  fields,
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
