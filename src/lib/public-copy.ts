/**
 * Static copy of the public shell and of the pages with islands (spec section 2): headings, labels and the fixed
 * sections. Error, empty and success strings live in messages.ts; words only the pages show, most of them
 * editable in Site settings, in page-words.ts.
 */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/career', label: 'Careers' },
  { href: '/services', label: 'Services' },
  { href: '/contact', label: 'Contact' },
  { href: '/enroll', label: 'Enroll' },
] as const;
/**
 * Links beyond the spec's navbar (the course catalogue, the articles), shown after its links, which
 * stay as they are.
 */
export const NAV_EXTRA_LINKS = [
  { href: '/courses', label: 'Courses' },
  { href: '/articles', label: 'Articles' },
] as const;
export const NAV_CERTIFICATE_LABEL = 'Certificate';

export const FOOTER = {
  quickLinksTitle: 'Quick Links',
  quickLinks: [
    { href: '/', label: 'Home' },
    { href: '/services', label: 'Services' },
    { href: '/about', label: 'About Us' },
    { href: '/contact', label: 'Contact Us' },
  ],
  /** Beyond the spec's quick links, after them. */
  extraQuickLinks: [{ href: '/courses', label: 'Courses' }],
  contactTitle: 'Get in Touch',
  enroll: 'ENROLL',
  privacy: 'Privacy Policy',
  rights: 'All rights reserved.',
} as const;

/** Strings the home and services islands render; kept apart from the static prose so bundles carry only these. */
export const ISLAND_COPY = {
  sliderLabel: 'Highlights',
  loadingContent: 'Loading content...',
  loadingServices: 'Loading services...',
  pauseSlider: 'Pause slideshow',
  playSlider: 'Play slideshow',
  servicesHeading: 'OUR-SERVICES',
  carouselLabel: 'Services carousel',
  previous: 'Previous slide',
  next: 'Next slide',
} as const;

export const HOME = {
  about: {
    heading: 'About Us',
    /**
     * The sentence the "projects delivered" figure of Site settings is shown in, after the second About paragraph;
     * the paragraphs themselves are Site settings (src/lib/site-settings.ts). Nothing here may read another
     * module's values: the islands chunk carries this module, and a pure object literal is dropped from it.
     */
    projectsDelivered: (count: number) => `${count}+ projects delivered so far.`,
  },
  counters: { totalCourses: 'Total Courses', happyCustomers: 'Happy Customers' },
  servicesHeading: ISLAND_COPY.servicesHeading,
  coursesHeading: 'Who Can JOIN',
  coursesEmailLead: 'For course details, write to',
} as const;

/** The contact form's words (the rest of the page: CONTACT_PAGE in page-words.ts). */
export const CONTACT = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  submit: 'Send Message',
} as const;

export const ENROLL = {
  title: 'Enroll',
  heading: 'Enroll in a Course',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  course: 'Course',
  chooseCourse: 'Select a course',
  message: 'Message',
  submit: 'Submit',
} as const;

/** The notice under both forms (the policy's own words: PRIVACY_POLICY in page-words.ts). */
export const PRIVACY = {
  notice: 'We use your details only to answer your request. See our',
  link: 'privacy policy',
} as const;

/** Above the public forms: what the asterisk beside a label means. */
export const REQUIRED_NOTE = 'Fields marked * are required.';
export const BREADCRUMB_HOME = 'Home';
export const SKIP_TO_CONTENT = 'Skip to content';
/** The text of the site's share picture (public/og-image.png, 1200 × 630), which pages without their own show. */
export const SITE_SHARE_IMAGE_ALT =
  'DeltaSecure, From Coding to Security: the name in white and green on black';
export const SPLASH_SKIP = 'Skip';
export const NEW_TAB_HINT = '(opens in a new tab)';
export const MENU_TOGGLE = 'Toggle navigation';

/**
 * The batch chosen on a course page, as the enrol form shows it. Read by the page at build time and
 * handed to the island as props, so the islands' JavaScript does not carry the words.
 */
export const ENROLL_BATCH = {
  chosen: (text: string) => `Batch: ${text}`,
  clear: 'Clear batch',
} as const;
