import { describe, expect, it } from 'vitest';
import { resolveRoute } from './route-decision.ts';

describe('resolveRoute (spec section 2 "Admin routes")', () => {
  it('shows the login page whatever the flag', () => {
    expect(resolveRoute('login', false)).toEqual({ kind: 'login' });
    expect(resolveRoute('login', true)).toEqual({ kind: 'login' });
  });

  it('sends the bare admin path to login, signed in or not', () => {
    expect(resolveRoute('root', true)).toEqual({ kind: 'redirect', to: 'login' });
    expect(resolveRoute('root', false)).toEqual({ kind: 'redirect', to: 'login' });
  });

  it('protects every screen and unknown path without the flag', () => {
    expect(resolveRoute('stats', false)).toEqual({ kind: 'redirect', to: 'login' });
    expect(resolveRoute(undefined, false)).toEqual({ kind: 'redirect', to: 'login' });
  });

  it('shows the nine screens when signed in and sends anything else to home-content', () => {
    for (const route of [
      'homeContent',
      'homeServices',
      'homeCourses',
      'serviceContent',
      'career',
      'contactData',
      'enrollData',
      'courses',
      'stats',
    ]) {
      expect(resolveRoute(route, true)).toEqual({ kind: 'screen', route });
    }
    expect(resolveRoute(undefined, true)).toEqual({ kind: 'redirect', to: 'homeContent' });
  });
});
