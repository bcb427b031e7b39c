/** What the admin shows for a route, given whether the session flag is set (spec section 2 "Admin routes"). */
import { isScreenRoute, type ScreenRoute } from './stores/router.ts';

export type { ScreenRoute };

export type RouteDecision =
  | { kind: 'login' }
  | { kind: 'screen'; route: ScreenRoute }
  | { kind: 'redirect'; to: 'login' | 'homeContent' };

export function resolveRoute(route: string | undefined, signedIn: boolean): RouteDecision {
  if (route === 'login') return { kind: 'login' };
  // The bare admin path goes to login; so does every protected path without the flag.
  if (route === 'root' || !signedIn) return { kind: 'redirect', to: 'login' };
  if (isScreenRoute(route)) return { kind: 'screen', route };
  // Index, dashboard and any unknown sub-path.
  return { kind: 'redirect', to: 'homeContent' };
}
