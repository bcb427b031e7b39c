import { CHROMIUM_OFFLINE_FLAGS } from '../../scripts/dev/chromium.ts';
/** The public pages docs/design.md (Quality) measures (the six, and every public page added since: issues 22, 23, 25), with the file each is built to in dist/. */
export const PUBLIC_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about.html' },
  { path: '/services', file: 'services.html' },
  { path: '/career', file: 'career.html' },
  { path: '/contact', file: 'contact.html' },
  { path: '/enroll', file: 'enroll.html' },
  // The course catalogue (issue 22): the list and a demo course's page.
  { path: '/courses', file: 'courses.html' },
  { path: '/courses/ethical-hacking', file: 'courses/ethical-hacking.html' },
  // Case studies (issue 25.3): the list and a demo study's page.
  { path: '/case-studies', file: 'case-studies.html' },
  {
    path: '/case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit',
    file: 'case-studies/vapt-for-a-co-operative-bank-before-its-rbi-audit.html',
  },
  // Issue 25: the disclosure policy and hall of fame, and the assessment form's no-JavaScript thank-you page.
  { path: '/security', file: 'security.html' },
  // noindex: kept out of search on purpose (lighthouse.ts scores their SEO without is-crawlable).
  { path: '/services/assessment-received', file: 'services/assessment-received.html', noindex: true },
  // Issue 23: the certificate check.
  { path: '/verify', file: 'verify.html', noindex: true },
  // Articles (issue 24): the list and the demo article with code blocks, a table and a cover.
  { path: '/articles', file: 'articles.html' },
  {
    path: '/articles/ctf-write-up-the-login-form-that-trusted-its-own-cookie',
    file: 'articles/ctf-write-up-the-login-form-that-trusted-its-own-cookie.html',
  },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * The student's "Your enrolment" page (issue 41): its address is signed for one enrolment, so the bench makes an
 * enrolment and measures its page (support/student-page.ts). noindex by design, and it carries no script at all
 * (`scriptFree`: its JavaScript row has the target 0 KB). Not in dist/: a function renders it on each visit.
 */
export const STUDENT_PAGE = { path: '/enrolment/{token}', noindex: true, scriptFree: true } as const;

/**
 * Whether a response came from a function (an invocation on a CDN miss): a function-routed path whose response
 * carries the runner's invocation stamp. `/uploads/*` is `preferStatic`, so pictures copied into the build are
 * answered from the deploy's files, without the stamp.
 */
export const isFunctionResponse = (pathname: string, headers: Record<string, string>) =>
  (pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || pathname === '/health') &&
  'x-nf-invocation-metadata' in headers;

/** Lighthouse's default mobile device (moto g power), used for page views too so both see the same first view. */
export const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75 } as const;

/** Debian Chromium offline: no background traffic, no component or sync downloads (docs/design.md (Platform notes)). */
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_OFFLINE_FLAGS, '--disable-dev-shm-usage'];
