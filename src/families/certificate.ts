/**
 * Certificates: personal data, so staff only; the public verifies one by its number at /verify. Its status
 * (valid / revoked, reason, date) is set by the revoke route, not the form.
 */
import type { DateField, EmailField, ReferenceField, TextField } from '../lib/fields.ts';
import { defineContent } from './define.ts';

/** The certificates screen's words; a visitor's are VERIFY in messages.ts. */
export const CERTIFICATES = {
  heading: 'Certificates',
  noun: 'Certificate',
  hint: 'Certificates anyone can check at /verify. The number is made when you leave it empty; give it only for a certificate issued before.',
  number: 'Number',
  numberHint: 'Leave empty for a new certificate (e.g. DLT-2026-7KQ9-M2XH).',
  holderName: "Holder's name",
  holderNameRequired: "The holder's name is required",
  holderEmail: "Holder's e-mail (never shown publicly)",
  course: 'Course',
  courseName: 'Course name (for a course not in the catalogue)',
  courseRequired: 'Pick a course, or type the course name',
  batch: 'Batch',
  issuedOn: 'Issued on',
  issuedOnRequired: 'The issue date is required',
  validUntil: 'Valid until',
  grade: 'Grade or score',
  earlyIssueReason: 'Reason to issue before the batch ends (owners only)',
  earlyIssueReasonHint:
    'Leave empty: a certificate is issued once its batch has ended. An owner may issue one earlier by saying why here.',
  confirmDelete:
    'Delete this certificate? Its number is never issued again, and anyone who checks it is told it was withdrawn, without a reason. To say why, revoke it instead (a revoked certificate is kept).',
  messages: {
    added: 'Certificate issued',
    updated: 'Certificate updated',
    deleted: 'Certificate deleted',
    empty: 'No certificates yet',
    fetchFailed: 'Failed to fetch the certificates',
    addFailed: 'Failed to issue the certificate',
    updateFailed: 'Failed to update the certificate',
    deleteFailed: 'Failed to delete the certificate',
    imageFailed: 'That picture could not be read',
  },
  revoke: {
    button: 'Revoke',
    prompt: 'Why is this certificate revoked? (shown to anyone who checks it)',
    done: 'Certificate revoked',
    failed: 'Failed to revoke the certificate',
    revoked: 'Revoked',
  },
  /** The list's per-certificate download (GET /api/v1/certificate/{id}/pdf), named by its number. */
  pdf: {
    button: 'Download PDF',
    label: (number: string) => `Download PDF of certificate ${number}`,
  },
  /** The reason an erasure (privacy tools) records. */
  revokedOnRequest: "revoked on the holder's request",
} as const;
export const family = defineContent({
  key: 'certificate',
  staffOnly: true,
  serial: { field: 'number', prefix: 'DLT' },
  requireOneOf: [{ fields: ['course', 'courseName'], message: CERTIFICATES.courseRequired }],
  fields: [
    {
      name: 'number',
      kind: 'text',
      label: CERTIFICATES.number,
      hint: CERTIFICATES.numberHint,
      max: 40,
      required: null,
      format: 'serial',
    } as const satisfies TextField,
    {
      name: 'holderName',
      kind: 'text',
      label: CERTIFICATES.holderName,
      max: 120,
      required: CERTIFICATES.holderNameRequired,
    } as const satisfies TextField,
    {
      name: 'holderEmail',
      kind: 'email',
      label: CERTIFICATES.holderEmail,
      max: 254,
      required: null,
    } as const satisfies EmailField,
    {
      name: 'course',
      kind: 'reference',
      label: CERTIFICATES.course,
      to: 'course',
      required: null,
    } as const satisfies ReferenceField,
    {
      name: 'courseName',
      kind: 'text',
      label: CERTIFICATES.courseName,
      max: 160,
      required: null,
    } as const satisfies TextField,
    {
      name: 'batch',
      kind: 'reference',
      label: CERTIFICATES.batch,
      to: 'batch',
      required: null,
    } as const satisfies ReferenceField,
    {
      name: 'issuedOn',
      kind: 'date',
      label: CERTIFICATES.issuedOn,
      required: CERTIFICATES.issuedOnRequired,
    } as const satisfies DateField,
    {
      name: 'validUntil',
      kind: 'date',
      label: CERTIFICATES.validUntil,
      required: null,
    } as const satisfies DateField,
    {
      name: 'grade',
      kind: 'text',
      label: CERTIFICATES.grade,
      max: 40,
      required: null,
    } as const satisfies TextField,
    // Kept with the certificate: why an owner issued it before its batch ended (certificates/issue-timing.ts).
    {
      name: 'earlyIssueReason',
      kind: 'text',
      label: CERTIFICATES.earlyIssueReason,
      hint: CERTIFICATES.earlyIssueReasonHint,
      max: 300,
      required: null,
    } as const satisfies TextField,
  ],
  titleField: 'holderName',
  preview: { page: '/' },
  admin: {
    route: 'certificates',
    path: 'certificates',
    label: CERTIFICATES.heading,
    group: 'tool',
    heading: CERTIFICATES.heading,
    noun: CERTIFICATES.noun,
    layout: 'list',
    listErrors: 'fixed',
    hint: CERTIFICATES.hint,
  },
  confirmDelete: CERTIFICATES.confirmDelete,
  messages: CERTIFICATES.messages,
  revoke: CERTIFICATES.revoke,
  pdf: CERTIFICATES.pdf,
});
