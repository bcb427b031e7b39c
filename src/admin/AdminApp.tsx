/**
 * The admin SPA root: decides, from the route and the session flag, which screen shows (spec section 2
 * "Admin routes"), and loads each screen's code only when it is first opened.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { SHELL } from './admin-copy.ts';
import { LoginScreen } from './screens/LoginScreen.tsx';
import { AdminShell } from './shell/AdminShell.tsx';
import { resolveRoute, type ScreenRoute } from './route-decision.ts';
import { $router, redirectToHome, redirectToLogin, scrollToTop } from './stores/router.ts';
import { $adminLoggedIn, isSignedIn, verifySession } from './stores/session.ts';

const ContentScreen = lazy(() => import('./screens/ContentScreen.tsx'));
const RequestsScreen = lazy(() => import('./screens/RequestsScreen.tsx'));
const CoursesScreen = lazy(() => import('./screens/CoursesScreen.tsx'));
const StatsScreen = lazy(() => import('./screens/StatsScreen.tsx'));

function screenFor(route: ScreenRoute): ReactNode {
  switch (route) {
    case 'homeContent':
      return <ContentScreen family="homeContent" />;
    case 'homeServices':
      return <ContentScreen family="homeService" />;
    case 'homeCourses':
      return <ContentScreen family="homeCourse" />;
    case 'serviceContent':
      return <ContentScreen family="serviceContent" />;
    case 'career':
      return <ContentScreen family="career" />;
    case 'contactData':
      return <RequestsScreen family="contact" />;
    case 'enrollData':
      return <RequestsScreen family="enroll" />;
    case 'courses':
      return <CoursesScreen />;
    case 'stats':
      return <StatsScreen />;
  }
}

export default function AdminApp() {
  const page = useStore($router);
  const signedIn = isSignedIn(useStore($adminLoggedIn));
  const decision = resolveRoute(page?.route, signedIn);
  const path = page?.path;

  useEffect(() => {
    if (decision.kind === 'redirect') {
      if (decision.to === 'login') redirectToLogin();
      else redirectToHome();
    }
  }, [decision.kind, decision.kind === 'redirect' ? decision.to : null]);

  useEffect(() => {
    scrollToTop();
  }, [path]);

  useEffect(() => {
    // A flag left from a session the server has since ended: find out now rather than at the first save.
    if (isSignedIn($adminLoggedIn.get())) void verifySession();
  }, []);

  if (decision.kind === 'login') return <LoginScreen />;
  if (decision.kind === 'redirect') return null;
  return (
    <AdminShell current={decision.route}>
      <Suspense fallback={<p className="admin-loading">{SHELL.loading}</p>}>
        {/* A key per route: each screen starts fresh (add mode, its own list). */}
        <div key={decision.route}>{screenFor(decision.route)}</div>
      </Suspense>
    </AdminShell>
  );
}
