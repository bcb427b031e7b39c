/**
 * Admin routing (spec section 2 "Admin routes") on @nanostores/router. The nine screens are listed once here;
 * the sidebar and the screen switch read this list.
 */
import { createRouter, redirectPage } from '@nanostores/router';

export const ADMIN_BASE = '/deltaadmin';

/** The nine sub-routes, in sidebar order, with their sidebar labels. */
export const SCREENS = [
  { route: 'homeContent', path: 'home-content', label: 'Home Content' },
  { route: 'homeServices', path: 'home-services', label: 'Home Services' },
  { route: 'homeCourses', path: 'home-courses', label: 'Home Courses' },
  { route: 'serviceContent', path: 'service-content', label: 'Service Content' },
  { route: 'career', path: 'career', label: 'Career' },
  { route: 'contactData', path: 'contact-data', label: 'Contact Requests' },
  { route: 'enrollData', path: 'enroll-data', label: 'Enrollment Requests' },
  { route: 'courses', path: 'courses', label: 'Courses' },
  { route: 'stats', path: 'stats', label: 'Stats' },
] as const;

export type ScreenRoute = (typeof SCREENS)[number]['route'];

export const $router = createRouter({
  login: `${ADMIN_BASE}/login`,
  homeContent: `${ADMIN_BASE}/home-content`,
  homeServices: `${ADMIN_BASE}/home-services`,
  homeCourses: `${ADMIN_BASE}/home-courses`,
  serviceContent: `${ADMIN_BASE}/service-content`,
  career: `${ADMIN_BASE}/career`,
  contactData: `${ADMIN_BASE}/contact-data`,
  enrollData: `${ADMIN_BASE}/enroll-data`,
  courses: `${ADMIN_BASE}/courses`,
  stats: `${ADMIN_BASE}/stats`,
  /** The bare admin path (also reached as /deltaadmin/): the spec sends it to login. */
  root: ADMIN_BASE,
});

export const screenHref = (path: string) => `${ADMIN_BASE}/${path}`;

export const isScreenRoute = (route: string | undefined): route is ScreenRoute =>
  SCREENS.some((screen) => screen.route === route);

/** Replaces the current history entry, so Back never returns to a page that only redirected. */
export function redirectToLogin(): void {
  redirectPage($router, 'login');
}

export function redirectToHome(): void {
  redirectPage($router, 'homeContent');
}

/** Scrolls the admin to the top: smooth, or instant when the visitor asked for reduced motion. */
export function scrollToTop(): void {
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
}
