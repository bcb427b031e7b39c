/**
 * Admin routing (spec section 2 "Admin routes") on @nanostores/router. Every family's screen comes from its
 * definition in the registry (src/families/index.ts); the few tools beside them are listed here. The route table,
 * the sidebar and the screen table (AdminApp) are derived from or checked against SCREENS.
 */
import { createRouter, redirectPage } from '@nanostores/router';
import { FAMILY_DEFINITIONS, type AdminScreenDefinition, type ScreenGroup } from '../../families/index.ts';
import { takeTab, writeTab } from './tab-storage.ts';

export const ADMIN_BASE = '/deltaadmin';

export type { ScreenGroup };

type Definition = (typeof FAMILY_DEFINITIONS)[number];
/** A family's screen, from its definition in the registry: its route, path, label and group. */
type FamilyScreen = Definition extends infer D
  ? D extends { key: infer K; admin: infer A extends AdminScreenDefinition }
    ? A & { family: K }
    : never
  : never;

/** The screens that are not a family's (beyond the spec, in the `tool` navigation). */
const PRIVACY = {
  route: 'privacy',
  path: 'privacy',
  label: 'Privacy',
  group: 'tool',
  ownerOnly: true,
} as const;
const LATER_TOOLS = [
  { route: 'trash', path: 'trash', label: 'Trash', group: 'tool' },
  // Each person's own account, and for owners the team and the audit log.
  { route: 'account', path: 'account', label: 'Account', group: 'tool' },
  { route: 'team', path: 'team', label: 'Team', group: 'tool', ownerOnly: true },
  { route: 'activity', path: 'activity', label: 'Activity', group: 'tool', ownerOnly: true },
  // This month's deploys against the budget, the publish queue, and for owners "publish now".
  { route: 'publishing', path: 'publishing', label: 'Publishing', group: 'tool' },
  // Every content family's scheduled publishes and unpublishes.
  { route: 'scheduled', path: 'scheduled', label: 'Scheduled', group: 'tool' },
  // The owner's view of the business over a range of days (owners and editors).
  { route: 'insights', path: 'insights', label: 'Insights', group: 'tool' },
] as const satisfies readonly AdminScreenDefinition[];
export type ToolScreen = typeof PRIVACY | (typeof LATER_TOOLS)[number];

const familyScreens = (group: ScreenGroup) =>
  FAMILY_DEFINITIONS.filter((definition) => definition.admin.group === group).map(
    (definition) => ({ ...definition.admin, family: definition.key }) as FamilyScreen,
  );

/**
 * The sub-routes, in sidebar order, with their sidebar labels: every family's screen from its definition, and the
 * tools. `section` screens are the spec's nine sidebar links ("Admin sections"); `tool` screens, added beyond the
 * spec, are listed in a second navigation below them, so the spec's sidebar stays exactly nine links.
 */
export const SCREENS: readonly (FamilyScreen | ToolScreen)[] = [
  ...familyScreens('section'),
  // The course catalogue, a navigation of its own between the spec's nine and the tools.
  ...familyScreens('catalogue'),
  // Erasing and exporting a person's data is an owner's decision.
  PRIVACY,
  ...familyScreens('tool'),
  ...LATER_TOOLS,
];

type Screen = FamilyScreen | ToolScreen;
export type ScreenRoute = Screen['route'];
export type FamilyRoute = FamilyScreen['route'];

/** Each screen's route and its full path, as literal types (the router's params are typed from them). */
type ScreenPaths = { [S in Screen as S['route']]: `${typeof ADMIN_BASE}/${S['path']}` };

export const screenHref = <P extends string>(path: P) => `${ADMIN_BASE}/${path}` as const;

const SCREEN_PATHS = Object.fromEntries(
  SCREENS.map((screen) => [screen.route, screenHref(screen.path)]),
) as ScreenPaths;

export const $router = createRouter({
  login: `${ADMIN_BASE}/login`,
  ...SCREEN_PATHS,
  /** The bare admin path (also reached as /deltaadmin/): the spec sends it to login. */
  root: ADMIN_BASE,
});

export const isScreenRoute = (route: string | undefined): route is ScreenRoute =>
  SCREENS.some((screen) => screen.route === route);

/** Replaces the current history entry, so Back never returns to a page that only redirected. */
export function redirectToLogin(): void {
  redirectPage($router, 'login');
}

const RETURN_KEY = 'adminReturnTo';

/** The screen a path names, or undefined (for the login, the bare admin path and unknown sub-paths). */
const screenAt = (path: string | undefined) => SCREENS.find((screen) => screenHref(screen.path) === path);

/** Remembers the screen the admin was sent away from to sign in (a deep link, or an expired session). */
export function rememberReturnPath(path: string | undefined): void {
  if (screenAt(path)) writeTab(RETURN_KEY, path ?? null);
}

/** After signing in: back to the remembered screen, else home content (spec section 2). */
export function redirectAfterSignIn(): void {
  const screen = screenAt(takeTab(RETURN_KEY) ?? undefined);
  if (screen) redirectPage($router, screen.route);
  else redirectToHome();
}

export function redirectToHome(): void {
  redirectPage($router, 'homeContent');
}

/** Scrolls the admin to the top: smooth, or instant when the visitor asked for reduced motion. */
export function scrollToTop(): void {
  if (window.scrollY === 0) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'instant' : 'smooth' });
  if (!reduced) finishSmoothScroll();
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** A layout change under a smooth scroll (the list reloading while it runs) stops it part-way, seen on a busy
 * machine: when it ends short of the top, jump the rest, unless the staff member scrolled meanwhile. */
function finishSmoothScroll(): void {
  const stop = () => {
    window.removeEventListener('scrollend', finish);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    window.clearTimeout(timer);
  };
  const finish = () => {
    stop();
    if (window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'instant' });
  };
  window.addEventListener('scrollend', finish);
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  const timer = window.setTimeout(stop, 3000);
}
