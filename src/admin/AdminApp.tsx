/**
 * The admin SPA root: decides, from the route and the session flag, which screen shows (spec section 2
 * "Admin routes"), and loads each screen's code only when it is first opened.
 */
import './zod-without-eval.ts';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { PASSWORD_CHANGE, SHELL } from './admin-copy.ts';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { AdminShell } from './shell/AdminShell.tsx';
import { ScreenLoadBoundary } from './shell/ScreenLoadBoundary.tsx';
import { resolveRoute, type ScreenRoute } from './route-decision.ts';
import { FAMILY_DEFINITIONS, type SingletonFamilyKey } from '../families/index.ts';
import {
  $router,
  SCREENS,
  type FamilyRoute,
  type ToolScreen,
  redirectToHome,
  redirectToLogin,
  rememberReturnPath,
  scrollToTop,
} from './stores/router.ts';
import { $adminLoggedIn, $me, $sessionExpired, isSignedIn, verifySession } from './stores/session.ts';

const ContentScreen = lazy(() => import('./screens/ContentScreen.tsx'));
const RequestsScreen = lazy(() => import('./screens/RequestsScreen.tsx'));
const CoursesScreen = lazy(() => import('./screens/CoursesScreen.tsx'));
const StatsScreen = lazy(() => import('./screens/StatsScreen.tsx'));
const PrivacyScreen = lazy(() => import('./screens/PrivacyScreen.tsx'));
const SiteSettingsScreen = lazy(() => import('./screens/SiteSettingsScreen.tsx'));
const TrashScreen = lazy(() => import('./screens/TrashScreen.tsx'));
const AccountScreen = lazy(() => import('./screens/AccountScreen.tsx'));
const TeamScreen = lazy(() => import('./screens/TeamScreen.tsx'));
const ActivityScreen = lazy(() => import('./screens/ActivityScreen.tsx'));
const PublishingScreen = lazy(() => import('./screens/PublishingScreen.tsx'));
const ScheduledScreen = lazy(() => import('./screens/ScheduledScreen.tsx'));
const InsightsScreen = lazy(() => import('./screens/InsightsScreen.tsx'));
const PasswordChangeScreen = lazy(() => import('./screens/PasswordChangeScreen.tsx'));

/** The singletons' own screens (a new singleton must name one: the compiler checks the table is complete). */
const SINGLETON_VIEWS = {
  stats: () => <StatsScreen />,
  siteSettings: () => <SiteSettingsScreen />,
} satisfies Record<SingletonFamilyKey, () => ReactNode>;

/**
 * A family's screen, by its kind. Content screens get their family's key, not its config, so the schemas (zod)
 * stay in the lazily loaded screen chunk instead of the first load.
 */
function familyView(definition: (typeof FAMILY_DEFINITIONS)[number]): ReactNode {
  switch (definition.kind) {
    case 'content':
      return <ContentScreen family={definition.key} />;
    case 'request':
      return <RequestsScreen family={definition.key} />;
    case 'lookup':
      return <CoursesScreen />;
    case 'singleton':
      return SINGLETON_VIEWS[definition.key]();
  }
}

const TOOL_VIEWS = {
  privacy: () => <PrivacyScreen />,
  trash: () => <TrashScreen />,
  account: () => <AccountScreen />,
  team: () => <TeamScreen />,
  activity: () => <ActivityScreen />,
  publishing: () => <PublishingScreen />,
  scheduled: () => <ScheduledScreen />,
  insights: () => <InsightsScreen />,
} satisfies Record<ToolScreen['route'], () => ReactNode>;

/** The view of every screen route: each family's from its definition, then the tools. */
const SCREEN_VIEWS: Record<ScreenRoute, () => ReactNode> = {
  ...(Object.fromEntries(
    FAMILY_DEFINITIONS.map((definition) => [definition.admin.route, () => familyView(definition)]),
  ) as Record<FamilyRoute, () => ReactNode>),
  ...TOOL_VIEWS,
};

export default function AdminApp() {
  const page = useStore($router);
  const signedIn = isSignedIn(useStore($adminLoggedIn));
  const mustChangePassword = useStore($me)?.mustChangePassword === true;
  const decision = resolveRoute(page?.route, signedIn);
  const path = page?.path;

  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const firstDecision = useRef(true);
  useEffect(() => {
    if (redirectTo === 'login') {
      // A deep link or an expired session (not a Logout): come back here after signing in.
      if (firstDecision.current || $sessionExpired.get()) rememberReturnPath(path);
      redirectToLogin();
    } else if (redirectTo) redirectToHome();
    firstDecision.current = false;
  }, [redirectTo, path]);

  // Each screen has its own document title, for tabs, history and screen readers.
  const screenLabel =
    decision.kind === 'screen' ? SCREENS.find((screen) => screen.route === decision.route)?.label : null;
  useEffect(() => {
    if (decision.kind === 'redirect') return;
    document.title = SHELL.documentTitle(
      mustChangePassword ? PASSWORD_CHANGE.heading : (screenLabel ?? SHELL.loginTitle),
    );
  }, [decision.kind, screenLabel, mustChangePassword]);

  useEffect(() => {
    scrollToTop();
  }, [path]);

  useEffect(() => {
    // A flag left from a session the server has since ended: find out now rather than at the first save.
    if (isSignedIn($adminLoggedIn.get())) void verifySession();
  }, []);

  if (decision.kind === 'login') return <LoginScreen />;
  if (decision.kind === 'redirect') return null;
  // A temporary password: nothing but choosing a new one until it is done (the server refuses the rest).
  if (mustChangePassword)
    return (
      <ScreenLoadBoundary>
        <Suspense fallback={<p className="admin-loading">{SHELL.loading}</p>}>
          <PasswordChangeScreen />
        </Suspense>
      </ScreenLoadBoundary>
    );
  return (
    <AdminShell current={decision.route}>
      {/* A key per route: each screen starts fresh (add mode, its own list), and a failed one stays its own. */}
      <ScreenLoadBoundary key={decision.route}>
        <Suspense fallback={<p className="admin-loading">{SHELL.loading}</p>}>
          <div>{SCREEN_VIEWS[decision.route]()}</div>
        </Suspense>
      </ScreenLoadBoundary>
    </AdminShell>
  );
}
