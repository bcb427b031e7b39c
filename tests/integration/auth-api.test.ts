/** Admin sign-in: login, logout, session, cookies, rate limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, requestFamilies } from '../../src/lib/collections.ts';
import { LOGIN_RATE_LIMIT, SESSION_COOKIE_NAME, SESSION_TTL_SECONDS } from '../../src/lib/constants.ts';
import { API } from '../../src/lib/api-messages.ts';
import { AUTH } from '../../src/lib/staff-messages.ts';
import { createSessionToken } from '../../src/server/auth/session.ts';
import { ADMIN_PASSWORD, body, SESSION_SECRET, sessionTokenOf, startApi, type Api } from './api-harness.ts';

let api: Api;
let nextIp = 1;
const freshIp = () => `192.0.2.${nextIp++}`;

beforeAll(async () => {
  api = await startApi({ env: { ALLOWED_ORIGINS: 'https://admin.delta.example' } });
});
afterAll(() => api.stop());

const login = (password: string, options: { ip?: string; origin?: string | null } = {}) =>
  api.call(AUTH_PATHS.login, {
    method: 'POST',
    json: { password },
    ip: options.ip ?? freshIp(),
    origin: options.origin,
  });

describe('login, session, logout', () => {
  it('signs in with the right password: HttpOnly, SameSite=Strict, Secure cookie; session reports it', async () => {
    const response = await login(ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    expect(await body(response)).toEqual({ success: true, data: { authenticated: true } });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true);
    expect(cookie.split('; ')).toEqual(
      expect.arrayContaining([
        'HttpOnly',
        'SameSite=Strict',
        'Path=/',
        'Secure',
        `Max-Age=${SESSION_TTL_SECONDS}`,
      ]),
    );

    const token = sessionTokenOf(response) ?? '';
    const session = await api.call(AUTH_PATHS.session, { session: token });
    // Issue 13: the session also says who is signed in (docs/decisions.md, named accounts).
    expect(await body(session)).toEqual({
      success: true,
      data: { authenticated: true, userId: 'admin', name: 'Owner', role: 'owner' },
    });
    expect(session.headers.get('cache-control')).toBe('no-store');
    // The cookie opens the admin API.
    expect((await api.call(requestFamilies.contact.path, { session: token })).status).toBe(200);
  });

  it('refuses a wrong password (401, the spec message) and a missing one (400)', async () => {
    const wrong = await login('not the password');
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toEqual({ success: false, message: AUTH.invalidPassword });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const missing = await api.call(AUTH_PATHS.login, { method: 'POST', json: {}, ip: freshIp() });
    expect(missing.status).toBe(400);
    expect((await body(missing)).message).toBe(AUTH.passwordRequired);
  });

  it('rate-limits attempts per client: 429 with Retry-After, even for the right password', async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT.limit; i++) expect((await login('guess', { ip })).status).toBe(401);
    const limited = await login(ADMIN_PASSWORD, { ip });
    expect(limited.status).toBe(429);
    expect((await body(limited)).message).toBe(AUTH.tooManyAttempts);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(ADMIN_PASSWORD)).status).toBe(200);
  });

  it('refuses a login posted from another site', async () => {
    expect((await login(ADMIN_PASSWORD, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await login(ADMIN_PASSWORD, { origin: 'https://admin.delta.example' })).status).toBe(200);
  });

  it('reports no session for missing, forged, tampered and expired cookies', async () => {
    const valid = api.session();
    const [version, expires, nonce, signature] = valid.split('.') as [string, string, string, string];
    const expired = createSessionToken(
      SESSION_SECRET,
      new Date(api.clock.now.getTime() - (SESSION_TTL_SECONDS + 1) * 1000),
    );
    for (const token of [
      undefined,
      'true',
      createSessionToken('another-secret-that-is-long-enough-too', api.clock.now),
      `${version}.${Number(expires) + 86_400}.${nonce}.${signature}`,
      expired,
    ]) {
      const response = await api.call(AUTH_PATHS.session, { session: token });
      expect(await body(response)).toEqual({ success: true, data: { authenticated: false } });
    }
  });

  it('logs out: clears the cookie; needs a same-origin request', async () => {
    expect(
      (await api.call(AUTH_PATHS.logout, { method: 'POST', origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await api.call(AUTH_PATHS.logout, { method: 'POST', origin: null })).status).toBe(403);
    const response = await api.call(AUTH_PATHS.logout, {
      method: 'POST',
      session: api.session(),
      origin: null,
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    expect((await body(response)).message).toBe(AUTH.signedOut);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE_NAME}=;`));
    expect(cookie).toContain('Max-Age=0');
  });

  it('answers 405 for wrong methods and JSON 404 for unknown auth routes', async () => {
    const get = await api.call(AUTH_PATHS.login);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const unknown = await api.call('/api/v1/auth/whoami');
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual({ success: false, message: API.notFoundRoute });
  });
});

describe('login without configuration', () => {
  it('answers 503 with a clear message: there is no default password', async () => {
    const unconfigured = await startApi({ env: { ADMIN_PASSWORD_HASH: undefined } });
    try {
      const response = await unconfigured.call(AUTH_PATHS.login, {
        method: 'POST',
        json: { password: 'admin' },
      });
      expect(response.status).toBe(503);
      expect((await body(response)).message).toBe(AUTH.notConfigured);
    } finally {
      await unconfigured.stop();
    }
  });
});

// The authorisation matrix of every admin route lives in tests/security/authorisation-matrix.test.ts.
