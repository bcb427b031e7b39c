/**
 * Training beyond the catalogue's screens: certificates' tools and e-mail, the catalogue's hints, fee receipts and payments.
 * Part of the staff message catalogue (src/lib/staff-messages.ts).
 */

/** The certificate screen's batch issuing and CSV import. */
export const CERTIFICATE_TOOLS = {
  batchHeading: 'Issue certificates for a batch',
  batchLabel: 'Batch',
  batchChoose: 'Choose a batch',
  showStudents: 'Show students',
  noStudents: 'No student of this batch is marked enrolled.',
  student: 'Student',
  has: (number: string) => `Has ${number}`,
  issuedOnLabel: 'Issued on',
  issue: (count: number) => `Issue ${count} ${count === 1 ? 'certificate' : 'certificates'}`,
  loadFailed: 'Failed to load the students of this batch',
  issueFailed: 'Failed to issue the certificates',
  importHeading: 'Import old certificates (CSV)',
  importHint:
    'Columns: number, holderName, issuedOn (YYYY-MM-DD), course (a catalogue course’s title) or courseName, and optionally holderEmail, validUntil, grade. Numbers are kept. Check the file first: nothing is imported while any row has an error. A long file is imported in parts; keep this page open until it says all are imported. Imported certificates send no e-mail.',
  fileLabel: 'CSV file',
  check: 'Check file',
  importNow: (count: number) => `Import ${count} ${count === 1 ? 'certificate' : 'certificates'}`,
  row: 'Row',
  column: 'Column',
  problem: 'Problem',
  importFailed: 'Failed to import the certificates',
  importResume: 'Finish the import',
} as const;

/** The e-mail a certificate's holder gets (server-made; no staff screen imports it). */
export const CERTIFICATE_MAIL = {
  subject: (course: string) => `Your certificate: ${course}`,
  greeting: (name: string) => `Dear ${name},`,
  issued: (course: string, number: string) =>
    `Congratulations! Your ${course} certificate, number ${number}, is attached as a PDF.`,
  verify: (url: string) =>
    `Anyone can check that it is genuine at ${url} (the QR code on it opens the same page).`,
  testimonial: (url: string, days: number) =>
    `Would you tell others about the course? Write a few words at ${url} (the link is yours alone and works for ${days} days; you can change or withdraw what you wrote there at any time).`,
  signature: 'The DeltaSecure training team',
} as const;

/**
 * The hints that tell the spec's course-like screens apart from the catalogue, without changing spec strings (the
 * catalogue's own words are in its families' files: src/families/trainer.ts, course.ts, batch.ts).
 */
export const CATALOGUE = {
  /** What the spec's course-like screens are, and where they show. */
  homeCourseHint:
    'The “Who Can JOIN” cards of the home page: who the training is for. Not the catalogue (Catalogue courses) nor the enrolment form’s names (Courses).',
  enrollCourseHint:
    'The names in the /enroll form’s course list, and how enrolment requests are filtered. The full prospectus of a course is under Catalogue courses.',
  /** The Stats screen's count of the catalogue, beside the typed figure. */
  publishedCourses: (count: number) =>
    `The catalogue lists ${count} published ${count === 1 ? 'course' : 'courses'}.`,
  useThisNumber: 'Use this number',
} as const;

/** The numbered fee receipt (a PDF) and the e-mail that carries it to the student. */
export const RECEIPT = {
  title: (number: string) => `Fee receipt ${number}`,
  subject: (company: string) => `Fee receipt from ${company}`,
  contacts: (email: string, phone: string) => [email, phone].filter(Boolean).join(' · '),
  gstin: (gstin: string) => `GSTIN: ${gstin}`,
  heading: 'Fee receipt',
  number: (number: string) => `Receipt no. ${number}`,
  date: (day: string) => `Date of payment: ${day} (IST)`,
  student: 'Received from',
  course: 'Course',
  batch: 'Batch',
  reference: 'Enrolment reference',
  amount: 'Amount received',
  paidBy: 'Paid by',
  upi: (upiRef: string) => `UPI, transaction reference ${upiRef}`,
  fee: 'Course fee',
  paidSoFar: 'Paid so far',
  balance: 'Balance due',
  gstNote: 'The fee includes GST where the course page says so.',
  gstIncludedNote: 'The course fee includes GST.',
  nameErased: '(details erased at the person’s request; tax record)',
  gstExtraNote: 'The course fee is before GST, which is charged on top of it (“+ GST” on the course page).',
  noGstNote: 'Issued by an entity not registered under GST.',
  computer: 'This receipt is computer-generated and needs no signature.',
  fileName: (number: string) => `receipt-${number.replaceAll('/', '-')}.pdf`,
  mailSubject: (number: string, company: string) => `Your fee receipt ${number} from ${company}`,
  mailText: (number: string, amount: string, reference: string) =>
    [
      'Hello,',
      '',
      `Thank you for your payment of ${amount} (enrolment reference ${reference}).`,
      `Your fee receipt ${number} is attached.`,
      '',
      'DeltaSecure',
      '',
    ].join('\n'),
} as const;

/** Recording payments on the Enrollment Requests screen. */
export const PAYMENTS = {
  record: 'Record payment',
  kind: 'Kind',
  kinds: { payment: 'Payment received', refund: 'Refund given' },
  amount: 'Amount (₹)',
  upiRef: 'UPI transaction reference',
  paidOn: 'Paid on (IST)',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  receipt: (number: string) => `Receipt ${number}`,
  paid: 'Paid',
  balance: (due: string) => `Balance ${due}`,
  paidOf: (paid: string, fee: string) => `${paid} of ${fee} paid`,
  refunded: (amount: string) => `Refunded ${amount}`,
  reason: 'Why this day (kept with the payment)',
  taxRecord: 'Tax record',
  taxRecordLine: (erased: string, until: string) =>
    `Personal details erased ${erased}; the payments are kept until ${until}`,
  /** The enrolment card's facts (EnrolmentFacts.tsx). */
  reference: 'Reference',
  fee: 'Fee',
  noFee: 'No fee',
  paidLabel: 'Paid',
  balanceLabel: 'Balance',
  amountInvalid: 'Enter the amount in rupees, such as 12500 or 12500.50',
  failed: 'Failed to record the payment',
} as const;
