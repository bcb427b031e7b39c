import { CHROMIUM_OFFLINE_FLAGS } from '../../scripts/dev/chromium.ts';
/** The six public pages QUALITY.md measures, with the file each is built to in dist/. */
export const PUBLIC_PAGES = [
  { path: '/', file: 'index.html' },
  { path: '/about', file: 'about.html' },
  { path: '/services', file: 'services.html' },
  { path: '/career', file: 'career.html' },
  { path: '/contact', file: 'contact.html' },
  { path: '/enroll', file: 'enroll.html' },
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Paths served by functions rather than static files (so they cost an invocation on a CDN miss). */
export const isFunctionPath = (pathname: string) =>
  pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || pathname === '/health';

/** Lighthouse's default mobile device (moto g power), used for page views too so both see the same first view. */
export const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75 } as const;

/** Debian Chromium offline: no background traffic, no component or sync downloads (PLATFORM-NOTES.md). */
export const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_OFFLINE_FLAGS, '--disable-dev-shm-usage'];
