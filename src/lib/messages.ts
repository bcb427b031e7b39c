/**
 * The message catalogue, public half: what visitors can see (and the server and admin share with them).
 * Every user-visible string of the product specification lives once, here or in staff-messages.ts (what only
 * staff see). The split keeps staff strings out of the public pages' JavaScript. Strings are verbatim from the
 * spec (section 8 and section 5).
 */

/** Section 8 "Generic messages": the per-status fallbacks of the user-message rule. */
export const GENERIC = {
  network: 'Network error occurred. Please check your internet connection.',
  server: 'Server error occurred. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  notFound: 'Resource not found.',
  unauthorized: 'Unauthorized access.',
  forbidden: 'Access forbidden.',
  validation: 'Validation error occurred.',
  unexpected: 'An unexpected error occurred.',
  retrying: 'Connection issue detected. Retrying...',
} as const;

/**
 * The site's 500 page (src/pages/500.astro): what a visitor sees when a function fails outright (a time-out),
 * instead of the platform's own error page.
 */
export const SERVER_ERROR_PAGE = {
  title: 'Something went wrong',
  text: GENERIC.server,
  home: 'Go to the home page',
} as const;

/** Public pages (spec section 2, 4 and 8 "Public"). */
export const PUBLIC = {
  invalidData: 'Invalid data format received',
  retryingConnection: 'Retrying connection...',
  servicesFetchFailed: 'Failed to fetch services',
  coursesFetchFailedPrefix: 'Failed to fetch courses: ',
  contentFetchFailed: (reason: string) => `Failed to fetch content: ${reason}`,
  careersFetchFailed: (reason: string) => `Failed to fetch careers: ${reason}`,
  emptyContent: 'No content available',
  emptyServices: 'No services available',
  emptyCareers: 'No career opportunities available',
  emptyCourses: 'No courses available',
  loadingCourses: 'Loading courses...',
  contactSuccess: 'Message sent successfully!',
  contactFailed: 'Failed to send message. Please try again.',
  contactNotSuccessful: 'Failed to send message',
  contactSending: 'Sending...',
  enrollAllRequired: 'All fields are required',
  enrollFailed: 'Failed to submit form. Please try again.',
  enrollCoursesFailed: 'Failed to load courses. Please try again later.',
  enrollSuccess: "Enrollment submitted successfully! We'll contact you soon.",
  enrollSubmitting: 'Submitting...',
  retry: 'Retry',
  readMore: 'Read More',
  readLess: 'Read Less',
  footerTagline: 'From Coding to Security, Supporting You at Every Step.',
  splashWelcome: 'Welcome to',
  splashSlogan: 'Where Innovation Meets Excellence',
} as const;

/**
 * The required-field words the enrolment form checks before sending, the only validation words an island needs.
 * The rest of the API's field reasons are VALIDATION in api-messages.ts: whatever the admin uses of this module is
 * bundled into the islands chunk every public page with an island loads.
 */
export const FORM_REQUIRED = {
  name: 'Name is required',
  email: 'Email is required',
  phone: 'Phone is required',
  course: 'Please choose a course',
} as const;

/** The "Request a security assessment" form on /services and its thank-you page. */
export const ASSESSMENT_FORM = {
  heading: 'Request a security assessment',
  intro: 'Tell us what to test and by when; we reply within one working day with questions or a proposal.',
  linkFromService: 'Request an assessment',
  organisation: 'Organisation',
  name: 'Your name',
  email: 'Work e-mail',
  phone: 'Phone',
  scopeLegend: 'What is in scope (how many of each)',
  scope: {
    webApps: 'Web applications',
    apis: 'APIs',
    mobileApps: 'Mobile apps',
    ipAddresses: 'IP addresses',
    cloudAccounts: 'Cloud accounts',
  },
  environmentLegend: 'Environment to test',
  environment: { production: 'Production', staging: 'Staging' },
  complianceLegend: 'Why now (choose any)',
  compliance: {
    'cert-in': 'CERT-In',
    rbi: 'RBI',
    sebi: 'SEBI',
    iso27001: 'ISO 27001',
    'pci-dss': 'PCI DSS',
    client: "A client's demand",
    other: 'Other',
  },
  wantedBy: 'Report wanted by',
  ndaLegend: 'Do you need an NDA first?',
  nda: { yes: 'Yes', no: 'No' },
  gstin: 'GSTIN (optional)',
  notes: 'Anything else (optional)',
  submit: 'Request an assessment',
  sending: 'Sending…',
  failed: 'Your request could not be sent. Please check the fields marked below.',
  thanksTitle: 'Request received',
  thanksText: 'Thank you. Your assessment request has reached us; we will reply within one working day.',
  thanksBack: 'Back to Services',
  refusedTitle: 'Please check your request',
  refusedText: 'Some answers need a change. Go back, correct the fields listed here and send it again.',
} as const;

/**
 * The answer to an enrolment a full batch takes onto its waitlist (the spec's success words otherwise).
 * Its own export, not in PUBLIC: the server sends it and the enrol form shows the server's words, so the islands'
 * JavaScript (at its budget) does not carry it.
 */
export const ENROLL_WAITLISTED =
  "Enrollment submitted! This batch is full, so you are on its waitlist. We'll contact you when a seat frees up.";

/**
 * The fee block under an enrolment's success message, sent by the server with the UPI link and QR code
 * (like ENROLL_WAITLISTED, never imported by the form, whose JavaScript is at its budget).
 */
export const ENROLL_PAYMENT = {
  due: (amount: string, reference: string) =>
    `Fee: ${amount}. Pay it by UPI: scan the code with any UPI app, quoting your reference ${reference}.`,
  qrAlt: (amount: string) => `UPI QR code to pay ${amount}`,
  link: 'Pay with a UPI app',
} as const;

/** Certificate verification pages: /verify and /verify/{number}. */
/** The learner's testimonial page, rendered by a function without JavaScript. */
export const TESTIMONIAL_PAGE = {
  title: 'Tell others about your course',
  intro: (name: string, course: string) =>
    `${name}, thank you for learning ${course} with us. A few words from you help others choose. Our team reads every testimonial before it is shown.`,
  quoteLabel: 'Your testimonial',
  quoteHint: 'A few sentences, at most 600 characters.',
  quoteRequired: 'Write a few words (at most 600 characters).',
  ratingLegend: 'Your rating (optional)',
  noRating: 'No rating',
  consentLegend: 'What we may show with it',
  showName: 'My name, with a link to my certificate’s verification page',
  showCourse: 'The course I took',
  save: 'Send my testimonial',
  update: 'Save my changes',
  withdraw: 'Withdraw my testimonial',
  withdrawHint: 'Withdrawing deletes what you wrote, here and on our site.',
  saved: 'Thank you! Your testimonial has been sent; it appears on our site after our team has read it.',
  withdrawn: 'Your testimonial has been withdrawn and deleted.',
  invalid: 'This link is not valid. Please use the link from your certificate e-mail.',
  expired: 'This link has expired (links work for 60 days after the certificate is issued).',
  unavailable: 'This certificate is no longer valid, so no testimonial can be given with it.',
} as const;

/** The student's "Your enrolment" page, rendered by a function without JavaScript, at the signed link. */
export const ENROLMENT_PAGE = {
  title: 'Your enrolment',
  intro: (reference: string) =>
    `Everything about your enrolment request ${reference} in one place. Keep this link.`,
  course: 'Course',
  batch: 'Batch',
  dates: 'Dates',
  datesValue: (start: string, end: string) => `${start} – ${end}`,
  schedule: 'Schedule',
  mode: 'Mode',
  modes: { online: 'Online', classroom: 'Classroom', hybrid: 'Hybrid' } as Record<string, string>,
  venue: 'Venue or joining details',
  reference: 'Your reference',
  status: 'Status',
  statuses: {
    received: 'Received: our team will call you within one working day.',
    enrolled: 'Enrolled: your seat is confirmed.',
    waitlisted: 'Waitlisted: the batch is full; we will call you if a seat frees up.',
    declined: 'Closed: this request is no longer open. Contact us if you think this is a mistake.',
  },
  waitlistPlace: (place: number) => `You are number ${place} on the waitlist.`,
  withdrawnStatus: (when: string) => `Withdrawn on ${when}. Our team has been told.`,
  moneyHeading: 'Fee',
  fee: 'Fee',
  paid: 'Paid',
  due: 'Still to pay',
  payHeading: 'Pay by UPI',
  payText: (amount: string, reference: string) =>
    `Pay ${amount} by UPI: scan the code with any UPI app, quoting your reference ${reference}.`,
  payee: (payee: string, vpa: string) => `Payee: ${payee} (${vpa}).`,
  qrAlt: (amount: string) => `UPI QR code to pay ${amount}`,
  payLink: 'Pay with a UPI app',
  receiptsHeading: 'Receipts',
  receipt: (number: string, amount: string, day: string) => `Receipt ${number}: ${amount}, paid ${day} (PDF)`,
  calendar: 'Add the batch to your calendar (.ics)',
  calendarTitle: (course: string, batch: string) => `${course}: ${batch}`,
  certificateHeading: 'Your certificate',
  certificatePdf: (number: string) => `Download certificate ${number} (PDF)`,
  certificateVerify: 'Its verification page',
  testimonial: 'Tell others about your course',
  contactHeading: 'Questions?',
  whatsapp: 'Ask on WhatsApp',
  email: 'Write to us',
  contactMessage: (reference: string) => `Hello, about my enrolment ${reference}: `,
  contactSubject: (reference: string) => `My enrolment ${reference}`,
  withdrawHeading: 'Withdraw your request',
  withdrawHint:
    'If you no longer want a seat, withdraw your request here. Our team is told at once; a fee already paid is refunded as the refund policy says.',
  withdraw: 'Withdraw my enrolment request',
  withdrawnNotice:
    'Your request has been withdrawn. Our team has been told and will contact you if anything is left to settle.',
  invalid:
    'This link is not valid. Please use the link from your enrolment e-mail, or contact us quoting your reference.',
  expired:
    'This link has expired (links work until a year after the batch ends). Contact us quoting your reference.',
  /** The acknowledgement e-mail's line before the link. */
  mailLine: 'Your enrolment page (status, payment, receipts, calendar and certificate, all in one place):',
  /** The success screen's link. */
  formLink: 'Open your enrolment page (keep the link: it shows your payment details and status)',
} as const;

/** The certificate PDF's words; printed by the server, never bundled into a page. */
export const CERTIFICATE_PDF = {
  title: 'Certificate of Completion',
  certifies: 'This certifies that',
  completed: 'has successfully completed the course',
  batch: (name: string, start: string, end: string) => `Batch ${name}, ${start} to ${end}`,
  grade: (grade: string) => `Grade: ${grade}`,
  issuedOn: (date: string) => `Issued on ${date}`,
  validUntil: (date: string) => `Valid until ${date}`,
  number: (number: string) => `Certificate number ${number}`,
  scan: 'Scan to verify',
  howTo: (url: string, site: string) =>
    `To verify this certificate, scan the QR code or open ${url}, or type its number at ${site}/verify. The page shows whether it is valid or has been revoked.`,
  revoked: (date: string, reason: string) => `REVOKED on ${date}: ${reason}`,
  docTitle: (holder: string, course: string) => `Certificate: ${holder}, ${course}`,
} as const;

export const VERIFY = {
  title: 'Verify a certificate',
  intro: 'Type the certificate number printed on the certificate, such as DLT-2026-7KQ9-M2XH.',
  numberLabel: 'Certificate number',
  submit: 'Verify',
  valid: 'Valid',
  revoked: (date: string, reason: string) => `Revoked on ${date}: ${reason}`,
  /** A revocation without a date: a deleted certificate, whose number answers revoked for good. */
  revokedUndated: (reason: string) => `Revoked: ${reason}`,
  withdrawnReason: 'this certificate was withdrawn by its issuer',
  notFound: 'Not found',
  notFoundDetail: (number: string) =>
    `No certificate has the number ${number}. Check it against the certificate, or ask us.`,
  holder: 'Holder',
  holderErased: '(name removed at the holder’s request)',
  course: 'Course',
  batch: 'Batch',
  batchDates: (start: string, end: string) => `${start} to ${end}`,
  issuedOn: 'Issued on',
  validUntil: 'Valid until',
  issuer: 'Issued by',
  number: 'Certificate number',
  addToLinkedIn: 'Add to LinkedIn',
  download: 'Download the signed credential',
  downloadPdf: 'Download the certificate (PDF)',
  howTo: (jwks: string) =>
    `The signed credential is an Open Badges 3.0 credential; anyone can check its signature with our public keys at ${jwks}.`,
  another: 'Verify another certificate',
  pageTitle: (status: string, number: string) => `${status}: certificate ${number}`,
  shareValid: (holder: string, course: string, issuer: string) =>
    `${holder} holds a valid ${course} certificate from ${issuer}.`,
  shareRevoked: (issuer: string) => `This ${issuer} certificate has been revoked.`,
  shareNotFound: (issuer: string) => `No ${issuer} certificate has this number.`,
  tooMany: (seconds: number) =>
    `Too many lookups from your network. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

/**
 * The preview of a draft, shown by the preview function (never by the islands, so none of this
 * reaches their chunk): its banner, and the page a link that no longer works opens.
 */
export const PREVIEW_PAGE = {
  banner: 'PREVIEW',
  bannerDetail: 'A draft, not on the site yet: what you see may still change before it is published.',
  pageTitle: (title: string) => `Preview: ${title}`,
  closedTitle: 'This preview is not available',
  invalid: 'This preview link is not valid. Check that it was copied whole, or ask for a new one.',
  expired: 'This preview link has expired. Ask the person who shared it for a new one.',
  revoked: 'This preview link has been withdrawn. Ask the person who shared it for a new one.',
  gone: 'What this preview showed has been deleted.',
  home: 'Go to the home page',
} as const;
