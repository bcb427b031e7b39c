/**
 * Static copy of the public pages (spec section 2): headings, labels and the fixed sections. Error, empty and
 * success strings live in messages.ts; this file holds the prose the pages show around them.
 */
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/career', label: 'Careers' },
  { href: '/services', label: 'Services' },
  { href: '/contact', label: 'Contact' },
  { href: '/enroll', label: 'Enroll' },
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
  howToApply: {
    heading: 'HOW TO APPLY',
    steps: [
      { title: 'Application', text: 'Fill out our quick and easy application form to get started.' },
      { title: 'Review', text: 'Our team will review your application and reach out.' },
      { title: 'Begin', text: 'Get ready to embark on a new learning adventure!' },
    ],
  },
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

export const CAREER = { title: 'Careers', heading: 'Join Our Team' } as const;

export const CONTACT = {
  title: 'Contact Us',
  numbersHeading: 'Contact Numbers',
  formHeading: 'Please Share Some Information here',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
  submit: 'Send Message',
  mapHeading: 'Find Us',
  mapLoad: 'Load the map',
  mapNotice: 'The map is provided by OpenStreetMap and loads only when you ask for it.',
  mapOpen: 'Open the map in a new tab',
  mapTitle: 'Map of our office location',
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

export const PRIVACY = {
  title: 'Privacy Policy',
  notice: 'We use your details only to answer your request. See our',
  link: 'privacy policy',
  /** "How long we keep it" (issue 11: storage limitation under India's DPDP Act 2023). */
  retention: (days: number) =>
    `We keep each contact message and enrolment request for ${days} days after it arrives; then it is deleted automatically. Our staff may delete a request earlier once it has been handled. With each request we keep its follow-up status, a short internal note by our staff, and whether our staff were notified about it; all of it is deleted together with the request.`,
  notifications:
    'When you send a request, our staff are told about it by e-mail and possibly in our team chat; that message contains the details you sent.',
  rights:
    'You may ask to see everything we hold about your e-mail address (we send it to you as a file), to correct it, or to erase it (we delete every request sent from that address, with its notes and notification records). Write to',
} as const;

export const BREADCRUMB_HOME = 'Home';
export const SKIP_TO_CONTENT = 'Skip to content';
export const SPLASH_SKIP = 'Skip';
export const NEW_TAB_HINT = '(opens in a new tab)';
export const MENU_TOGGLE = 'Toggle navigation';
