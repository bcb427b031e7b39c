/**
 * Requests as staff follow them up: statuses and notes, the assessment's choices, the CSV's headers, notifications, acknowledgements and the data-rights tools.
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */
import { FORM_REQUIRED } from '../messages.ts';

/** The follow-up pipeline of requests: statuses, notes, filters, badges and notifications. */
export const ENQUIRY = {
  statusInvalid: 'Please choose one of the listed statuses',
  nothingToUpdate: 'Send a status or a note to update',
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  dateRange: 'The start date must not be after the end date',
  limitInvalid: 'The page size must be a whole number from 1 to 500',
  cursorInvalid: 'The page cursor is not valid',
  updated: 'Request updated',
  updateFailed: 'Failed to update the request',
  /** The list is empty because of the filters, not because there are no requests (spec empty texts are for that). */
  noMatches: 'No requests match these filters',
  /** A filtered list read its most per call (SEARCH_SCAN_LIMIT) before filling a page: what it found is shown. */
  searchStopped: (searched: number) =>
    `Searched ${searched.toLocaleString('en-IN')} requests and stopped. Refine your search, or choose Load more to search older requests`,
  batchInvalid: 'Choose a batch from the list',
  statusLabels: {
    new: 'New',
    replied: 'Replied',
    closed: 'Closed',
    contacted: 'Contacted',
    enrolled: 'Enrolled',
    declined: 'Declined',
    waitlisted: 'Waitlisted',
    qualified: 'Qualified',
    'proposal-sent': 'Proposal sent',
    won: 'Won',
    lost: 'Lost',
  } as Record<string, string>,
  /** Where a request came from, and the "by source" counts of a requests screen. */
  sourceLabel: 'Source',
  sourceFilter: 'Source',
  sourceAny: 'Any source',
  sourceInvalid: 'The source filter must be at most 100 characters',
  bySource: 'By source',
  direct: 'direct',
  deliveryLabels: {
    pending: 'Sending',
    sent: 'Notified',
    retrying: 'Retrying',
    failed: 'Not delivered',
  } as Record<string, string>,
} as const;

/** How the admin shows an assessment request (the form's choices, in staff's words). */
export const ASSESSMENT_ADMIN = {
  organisation: 'Organisation',
  scopeLabel: 'Scope',
  scope: {
    webApps: 'Web apps',
    apis: 'APIs',
    mobileApps: 'Mobile apps',
    ipAddresses: 'IP addresses',
    cloudAccounts: 'Cloud accounts',
  } as Record<string, string>,
  environmentLabel: 'Environment',
  environment: { production: 'Production', staging: 'Staging' } as Record<string, string>,
  complianceLabel: 'Compliance',
  compliance: {
    'cert-in': 'CERT-In',
    rbi: 'RBI',
    sebi: 'SEBI',
    iso27001: 'ISO 27001',
    'pci-dss': 'PCI DSS',
    client: "A client's demand",
    other: 'Other',
  } as Record<string, string>,
  wantedBy: 'Wanted by',
  nda: 'NDA first',
  yes: 'Yes',
  no: 'No',
  gstin: 'GSTIN',
  notes: 'Notes',
} as const;

/** The request CSV's column headers: times are India Standard Time, as the header says. */
export const CSV_HEADERS = {
  received: 'Received (IST)',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  course: 'Course',
  message: 'Message',
  status: 'Status',
  note: 'Staff note',
  updated: 'Last updated (IST)',
  organisation: 'Organisation',
  scope: 'Scope',
  environment: 'Environment',
  compliance: 'Compliance',
  wantedBy: 'Wanted by',
  nda: 'NDA',
  gstin: 'GSTIN',
  notes: 'Notes',
  source: 'Source',
  /** A batch's roster: the enrolment CSV filtered by batch. */
  batch: 'Batch',
  /** Paid in full or not (empty when the request owes no fee and paid nothing). */
  paid: 'Paid',
  paidValues: { yes: 'Yes', no: 'No' },
  waitlistPlace: 'Waitlist place',
  /** An enrolment's money, on the enrolment CSV once some request has a batch, a fee or a payment. */
  reference: 'Reference',
  fee: 'Fee',
  amountPaid: 'Amount paid',
  balance: 'Balance',
} as const;

/** Notifications to staff about a stored submission (e-mail subject and text, webhook summary). */
export const NOTIFY = {
  contactSubject: (name: string) => `New contact message: ${name}`,
  enrollSubject: (name: string, course: string) => `New enrolment: ${name} — ${course}`,
  otherSubject: (family: string, title: string, name: string) =>
    family === 'assessment'
      ? `New assessment request: ${title} (${name})`
      : `New request: ${title} (${name})`,
  received: (when: string) => `Received: ${when}`,
  openInAdmin: (url: string) => `Open in the admin: ${url}`,
  fieldLabels: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    course: 'Course',
    batch: 'Batch',
    message: 'Message',
  } as Record<string, string>,
} as const;

/** The student's "Your enrolment" link, as staff meet it: the withdrawal it reports and the card's revoke button. */
export const ENROLMENT_LINK = {
  withdrawnNote: (when: string) => `Withdrawn by the student on ${when}, through their enrolment page.`,
  withdrawnSubject: (name: string, course: string) => `Enrolment withdrawn: ${name} — ${course}`,
  withdrawnLine: 'The student withdrew this enrolment request through their enrolment page.',
  revoke: 'Revoke the student’s enrolment link',
  revokeConfirm:
    'Revoke the student’s enrolment page link? The link they were sent stops working at once; they will need to contact you.',
  revoked: 'The enrolment link has been revoked.',
  revokeFailed: 'The enrolment link could not be revoked. Please try again.',
  withdrawnBadge: (when: string) => `Withdrawn by the student on ${when}`,
} as const;

/**
 * The acknowledgement a sender gets. Nothing in it comes from the form (not even the name): anyone can
 * type a stranger's address, and the mail must not carry their words to it.
 */
export const ACKNOWLEDGE = {
  contact: {
    subject: 'We received your message',
    next: 'Someone from our team will reply within one working day.',
  },
  enroll: {
    subject: 'We received your enrolment request',
    next: 'Our training team will call you about batches, fees and dates within one working day.',
  },
  /** An enrolment whose answer asked for a fee: what it showed, so closing the page loses nothing. */
  payment: {
    next: 'Our training team will call you about your batch and dates within one working day.',
    due: (amount: string) => `Fee: ${amount}.`,
    payee: (payee: string, vpa: string) => `Pay it by UPI to ${payee} (${vpa}).`,
    quote: (reference: string) => `Quote your reference ${reference} with the payment.`,
    link: 'On a phone, this link opens your UPI app with the amount and reference filled in:',
    again:
      'Keep this e-mail: it is where to find these payment details again (the enrolment page shows them only once). If you lose it, call us quoting your reference and we will send them again.',
  },
  assessment: {
    subject: 'We received your security assessment request',
    next: 'Our security team will review the scope and reply within one working day with questions or a proposal.',
  },
  greeting: 'Hello,',
  reference: (reference: string) => `Your reference: ${reference}`,
  phone: (phone: string) => `If it is urgent, call us on ${phone}.`,
  notYou: 'If you did not send this, you can ignore this e-mail; we will not write again about it.',
  signature: 'DeltaSecure',
} as const;

/** The settings that switch the acknowledgement off per kind of request. */
export const ACK_SETTINGS = {
  contact: {
    label: 'Acknowledge contact messages by e-mail',
    hint: 'Sends the sender their reference and what happens next (never their own words).',
  },
  enroll: {
    label: 'Acknowledge enrolment requests by e-mail',
    hint: 'At most one acknowledgement per address per day, whatever the kind.',
  },
  assessment: {
    label: 'Acknowledge assessment requests by e-mail',
    hint: "The company's phone above is in it.",
  },
} as const;

/** Data-principal rights (DPDP Act 2023): erase and export everything held about one e-mail address. */
export const DATA_RIGHTS = {
  emailRequired: FORM_REQUIRED.email,
  erased: (contact: number, enroll: number, assessment = 0) =>
    `Erased ${contact} contact message${contact === 1 ? '' : 's'} and ${enroll} enrolment request${enroll === 1 ? '' : 's'}${assessment > 0 ? ` (and ${assessment} assessment request${assessment === 1 ? '' : 's'})` : ''}`,
  /** An erasure revokes the person's certificates, keeping their numbers. */
  certificatesRevoked: (count: number) =>
    `Revoked ${count} certificate${count === 1 ? '' : 's'} and removed the holder's name (the numbers stay, shown as revoked).`,
  testimonialsErased: (count: number) => `Deleted ${count} testimonial${count === 1 ? '' : 's'} they wrote.`,
  /** A paid enrolment's tax record stays, without the person's details (fees/tax-records.ts). */
  taxRecordsKept: (count: number) =>
    `Kept ${count} paid enrolment${count === 1 ? '' : 's'} as tax record${count === 1 ? '' : 's'} (receipt numbers, amounts, days, references and course) without the person's name, e-mail or phone, for 8 years after the financial year of payment, as Indian tax law requires.`,
  taxRecordsNote:
    'A paid enrolment is not deleted with the rest: its tax record (receipt numbers, amounts, days of payment, references and course) stays without the person’s name, e-mail or phone, for 8 years after the financial year it was paid in (Income-tax Act and CGST Act), then goes. The retention purge does the same. The export lists what would be kept.',
  eraseFailed: 'Failed to erase the data',
  exportFailed: 'Failed to export the data',
  summaryFailed: 'Failed to load the request counts',
  confirmErase: (email: string) =>
    `Erase every contact message and enrolment request from ${email}? Paid enrolments stay as tax records without their details. This cannot be undone.`,
  /** Erasure and export are an owner's decision; an editor's Privacy screen says so. */
  ownersOnly: 'Only owners can export or erase personal data',
  /** The audit entry's target: whose (masked) and how much, never the address itself. */
  auditTarget: (maskedEmail: string, contact: number, enroll: number, trash: number | null, assessment = 0) =>
    `${maskedEmail}: ${contact} contact, ${enroll} enrolment${assessment > 0 ? `, ${assessment} assessment` : ''}${trash === null ? '' : `, ${trash} in the trash`}`,
} as const;
