/**
 * The words of the public pages that only the pages show (no island does): the About, Services, Careers and
 * privacy policy pages, the home page's hero line and HOW TO APPLY, the Contact page around its form. Most are the defaults of Site
 * settings (src/lib/site-settings.ts), which staff change in the admin. Apart from public-copy.ts
 * because that module rides in the public islands chunk: the admin imports these defaults through the settings,
 * and from there they would be shipped to every page with an island.
 */

/** Under the slideshow: the home page's call to action. */
export const HOME_HERO = {
  line: 'Security testing, secure web development and hands-on training, from one team.',
  services: 'Explore our services',
  enroll: 'Enroll in a course',
} as const;

export const HOW_TO_APPLY = {
  heading: 'HOW TO APPLY',
  steps: [
    { title: 'Application', text: 'Fill out our quick and easy application form to get started.' },
    { title: 'Review', text: 'Our team will review your application and reach out.' },
    { title: 'Begin', text: 'Get ready to embark on a new learning adventure!' },
  ],
} as const;

export const ABOUT = {
  title: 'About Us',
  missionHeading: 'Our Mission',
  blurbs: [
    {
      title: 'Cybersecurity',
      text: 'Penetration testing, vulnerability assessment and bug hunting that find real risks before attackers do.',
    },
    {
      title: 'Web Development',
      text: 'Fast, accessible and secure websites and web applications, built with security from the first line.',
    },
    {
      title: 'Training',
      text: 'Hands-on courses in ethical hacking, secure coding and cloud security, taught by practitioners.',
    },
  ],
  missionCardTitle: 'Our Mission',
  missionCardText:
    'To make strong security affordable for growing businesses and to give students the practical skills the industry needs, from coding to security, at every step.',
  contactCardTitle: 'Talk to Us',
  contactCardText: 'Questions about a service or a course? Call or write to us.',
} as const;

export const SERVICES = {
  title: 'Our Services',
  audienceHeading: 'Who can use our Services',
  audiences: [
    {
      title: 'E-Commerce Companies',
      text: 'Protect payments, customer data and uptime with regular testing.',
    },
    {
      title: 'Healthcare Startups',
      text: 'Keep patient data safe and meet compliance expectations from day one.',
    },
    { title: 'Students', text: 'Learn practical security and development skills with real-world labs.' },
  ],
  contentHeading: 'What We Offer',
} as const;

export const CAREER = {
  title: 'Careers',
  heading: 'Join Our Team',
  apply: 'Apply',
  /** Completes "Apply" for screen readers, so each career's button is told apart. */
  applyFor: (title: string) => `for ${title}`,
  applyByEmail: 'or write to',
  applySubject: (title: string) => `Application: ${title}`,
} as const;

/** The Contact page around its form (the form's own words: CONTACT in public-copy.ts). */
export const CONTACT_PAGE = {
  title: 'Contact Us',
  numbersHeading: 'Contact Numbers',
  /** The heading the form first had ("Please Share Some Information here") read as a placeholder. */
  formHeading: 'Send Us a Message',
  intro:
    'Tell us what you need: a security assessment, a website or a course. We will get back to you by e-mail or phone.',
  mapHeading: 'Find Us',
  mapLoad: 'Load the map',
  mapNotice: 'The map is provided by OpenStreetMap and loads only when you ask for it.',
  mapOpen: 'Open the map in a new tab',
  mapTitle: 'Map of our office location',
} as const;

export const PRIVACY_POLICY = {
  /** The assessment form, the acknowledgement and the lead source. */
  assessment:
    'When you request a security assessment we also receive your organisation, what you want tested, the environment, the compliance reasons, the date you need the report by, whether you need an NDA, your GSTIN if you give it and your notes. After any request we send one short e-mail to the address you gave, with your reference and our phone number (at most one a day).',
  leadSource:
    'To know which of our campaigns work, your browser keeps for the visit (session storage, not a cookie) the campaign or site that brought you here, and sends it only with a form you submit here.',
  title: 'Privacy Policy',
  /** "How long we keep it" (storage limitation under India's DPDP Act 2023). */
  retention: (days: number) =>
    `We keep each contact message and enrolment request for ${days} days after it arrives; then it is deleted automatically. Our staff may delete a request earlier once it has been handled. With each request we keep its follow-up status, a short internal note by our staff, and whether our staff were notified about it; all of it is deleted together with the request.`,
  notifications:
    'When you send a request, our staff are told about it by e-mail and possibly in our team chat; that message contains the details you sent.',
  rights:
    'You may ask to see everything we hold about your e-mail address (we send it to you as a file), to correct it, or to erase it (we delete every request sent from that address, with its notes and notification records). Write to',
} as const;

/** The course pages' defaults, which Site settings hold. */
export const COURSE_FEES_DEFAULTS = {
  refundPolicy:
    'Fees are refunded in full if you withdraw at least 7 days before the batch starts. After that, or once the batch has started, fees are not refunded, but you may move to a later batch of the same course once.\n\nWrite to us from the e-mail address you enrolled with to ask for a refund; refunds reach the original payment method within 10 working days.',
} as const;

/** The course catalogue's pages: /courses, its filters and each course's page. */
export const COURSES_PAGE = {
  title: 'Courses',
  description:
    'Cybersecurity and web development courses with their syllabus, fees, trainers and batch dates: ethical hacking, web application security, full-stack development and cloud security.',
  heading: 'Our courses',
  empty: 'New batches are being planned. Write to us to hear when they open.',
  filterLevel: 'Level',
  filterMode: 'Mode',
  all: 'All courses',
  levels: { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' },
  modes: { online: 'Online', classroom: 'Classroom', hybrid: 'Hybrid' },
  filteredTitle: (what: string) => `${what} courses`,
  nextBatch: 'Next batch',
  noBatch: 'Next batch: dates to be announced',
  starts: (day: string) => `Starts ${day}`,
  fee: 'Fee',
  gstIncluded: 'GST included',
  gstExtra: '+ GST',
  details: (title: string) => `Details of ${title}`,
  summary: 'About this course',
  syllabus: 'Syllabus',
  outcomes: 'What you will be able to do',
  prerequisites: 'Prerequisites',
  duration: 'Duration',
  level: 'Level',
  trainers: 'Trainers',
  faq: 'Frequently asked questions',
  feeHeading: 'Fee and refunds',
  refundPolicy: 'Refund policy',
  batches: 'Batches',
  batchesEmpty: 'No batch is open right now. Write to us to hear when the next one starts.',
  columns: {
    batch: 'Batch',
    dates: 'Dates',
    schedule: 'Schedule',
    mode: 'Mode',
    venue: 'Venue',
    fee: 'Fee',
    seats: 'Seats left',
    action: 'Enrolment',
  },
  dates: (start: string, end: string) => `${start} – ${end}`,
  earlyBird: (fee: string, until: string) => `Early bird ${fee} until ${until}`,
  states: {
    open: 'Open',
    filling: 'Filling fast',
    full: 'Full',
    started: 'Started',
    finished: 'Finished',
  },
  seats: (left: number, capacity: number) => `${left} of ${capacity}`,
  enrol: 'Enrol',
  waitlist: 'Join the waitlist',
  enrolLabel: (batch: string) => `Enrol in ${batch}`,
  waitlistLabel: (batch: string) => `Join the waitlist of ${batch}`,
  linkedIn: (name: string) => `${name} on LinkedIn`,
  moved: 'This course has moved.',
  /** The course's brochure, a PDF made from the same fields at build time. */
  brochure: 'Download brochure',
  brochureLabel: (title: string) => `Download brochure of ${title} (PDF)`,
  brochureTitle: (title: string) => `${title}: course brochure`,
  brochureBatchesAsOf: (day: string) => `Batches as of ${day}; seats change as students enrol.`,
  brochureMore: 'Details, seats and enrolment',
  brochureQrAlt: 'Scan for the course page',
  aboutTrainers: 'Our trainers',
} as const;

/**
 * The /security page: the vulnerability disclosure policy. Its words are the defaults of Site settings'
 * "Security page" section; the headings stay here.
 */
export const SECURITY_PAGE = {
  title: 'Security',
  description:
    'How to report a security vulnerability in our website or services, and what we promise in return.',
  heading: 'Vulnerability Disclosure Policy',
  intro:
    'We test other companies for a living, so we welcome reports about our own systems. If you believe you have found a security vulnerability in this website or a service we run, please tell us.',
  scopeHeading: 'Scope',
  scope:
    'This website, its admin area and its API are in scope. Out of scope: denial of service, social engineering of our staff or students, physical attacks, spam, and findings in third-party services we do not control.',
  reportHeading: 'How to report',
  report:
    'Write to the contact below with the address affected, the steps to reproduce the issue and what an attacker could do with it. Please do not access, change or delete data that is not yours, and give us reasonable time to fix the issue before you tell anyone else.',
  reportContact: 'Report to:',
  promiseHeading: 'What we promise',
  promise:
    'We acknowledge every report within 3 working days, keep you informed while we fix it, and credit you in our hall of fame once it is fixed, if you wish.',
  safeHarbourHeading: 'Safe harbour',
  safeHarbour:
    'If you act in good faith and follow this policy, we will not take legal action against you or report you to the authorities for your research, and we will say so if anyone else does.',
  bountyHeading: 'Rewards',
  noBounty: 'We do not run a paid bug bounty: we thank researchers publicly in our hall of fame.',
  bounty: 'We reward valid reports that follow this policy.',
  /** The way from the policy to the assessment form on /services, for a buyer who came to read it. */
  assessmentHeading: 'Want your own systems tested?',
  assessment: 'We run vulnerability assessments and penetration tests for companies of every size.',
  hallOfFameHeading: 'Hall of fame',
  hallOfFameEmpty: 'No reports yet: yours could be the first.',
  hallOfFameLink: 'Details',
} as const;

/** The credentials section of /about and /services (shown only when Site settings list some). */
export const CREDENTIALS = {
  heading: 'Our Credentials',
  issuedBy: 'Issued by',
  id: 'ID',
  verify: 'Verify',
  /** Completes "Verify" for screen readers, so each credential's link is told apart. */
  verifyFor: (name: string) => `${name} credential`,
} as const;

/** The WhatsApp link on every public page: its words and the message it starts. */
export const WHATSAPP = {
  label: 'Chat on WhatsApp',
  /** The link's accessible name says where it leads. */
  accessibleName: 'Chat on WhatsApp (opens in a new tab)',
  message: (page: string) => `Hello DeltaSecure, I am on your ${page} page and have a question.`,
  /** On each batch row of a course page: the message names the course, the batch and its start. */
  batchLabel: 'Ask on WhatsApp',
  /** Begins with the visible words, so a voice user saying them reaches the link (WCAG 2.5.3). */
  batchAccessibleName: (batch: string) => `Ask on WhatsApp about ${batch} (opens in a new tab)`,
  batchMessage: (course: string, batch: string, start: string) =>
    `Hello DeltaSecure, I have a question about the ${course} batch "${batch}" starting ${start}.`,
} as const;

/** Case studies: on /services, /case-studies and each /case-studies/{slug}. */
export const CASE_STUDIES_PAGE = {
  title: 'Case Studies',
  description:
    'Security engagements we have delivered: the scope, what we found by severity, and the outcome.',
  heading: 'Case Studies',
  intro:
    "Real engagements, told with our clients' permission. Where a client asked to stay anonymous, we name only their sector.",
  empty: 'Case studies are coming soon.',
  readMore: 'Read the case study',
  allLink: 'All case studies',
  sector: 'Sector',
  engagement: 'Engagement',
  client: 'Client',
  anonymousClient: (sector: string) => (sector ? `A client in ${sector}` : 'An anonymous client'),
  scope: 'Scope',
  findings: 'Findings by severity',
  severities: { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low' },
  outcome: 'Outcome',
  quote: 'In their words',
  logoAlt: (client: string) => `${client} logo`,
  back: 'Back to all case studies',
  /** A study page's meta description. */
  pageDescription: (engagement: string, sector: string) =>
    `${engagement} engagement in ${sector}: the scope, what we found by severity, and the outcome.`,
} as const;

/** Articles: the list, tag and article pages' words. */
export const ARTICLES_PAGE = {
  title: 'Articles',
  description:
    'CTF write-ups, explainers and guides on penetration testing, application security and careers in cybersecurity.',
  heading: 'Latest articles',
  empty: 'Articles are coming soon.',
  tagTitle: (tag: string) => `Articles tagged “${tag}”`,
  tagDescription: (tag: string) => `Articles on ${tag} from DeltaSecure's trainers and consultants.`,
  tagsHeading: 'Topics',
  allTags: 'All articles',
  pageTitle: (page: number) => `Articles, page ${page}`,
  pagination: 'Pages of articles',
  newer: 'Newer articles',
  older: 'Older articles',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  by: (author: string) => `By ${author}`,
  publishedOn: 'Published',
  updatedOn: 'Updated',
  readingTime: (minutes: number) => `${minutes} min read`,
  readMore: 'Read the article',
  tags: 'Tags',
  back: 'Back to all articles',
  coverAlt: (title: string) => `Cover picture: ${title}`,
  nextBatchHeading: (course: string) => `Learn it with us: ${course}`,
  nextBatch: (batch: string, starts: string) => `Next batch: ${batch}, starting ${starts}.`,
  seeCourse: 'See the course',
  enrol: 'Enrol in this batch',
  contactHeading: 'Want this done for your organisation?',
  contactText: 'Talk to our consultants about an assessment, a training or a second opinion.',
  contactLink: 'Contact us',
  relatedService: (service: string) => `Related service: ${service}`,
  feedTitle: 'DeltaSecure articles',
  feedDescription: 'New articles from DeltaSecure: CTF write-ups, explainers and guides.',
  feedLink: 'RSS feed',
} as const;

/** Testimonials from learners whose certificates verify (home page and course pages). */
export const VERIFIED_LEARNERS = {
  heading: 'What our learners say',
  courseHeading: 'What learners of this course say',
  verified: 'Verified learner',
  /** Shown as "Verified learner · Ethical Hacking, March 2026"; without the course when the learner kept it private. */
  rating: (stars: number) => `Rated ${stars} out of 5`,
} as const;
