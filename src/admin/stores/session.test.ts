/**
 * The admin session against the real auth handlers: sign-in keeps the server's cookie and sets the spec's flag,
 * the start-up check clears a flag the server no longer honours, sign-out clears both.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS } from '../../lib/constants.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { ADMIN_PASSWORD, startApi, type Api } from '../../../tests/integration/api-harness.ts';
import { installAdminBrowser, type AdminBrowser } from '../../../tests/support/admin-browser.ts';
import { $adminLoggedIn, $loggingOut, $login, signIn, signOut, verifySession } from './session.ts';

let api: Api;
let browser: AdminBrowser;

beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());
beforeEach(() => {
  browser = installAdminBrowser(api);
  $adminLoggedIn.set(undefined);
});
afterEach(() => browser.uninstall());

describe('admin session', () => {
  it('refuses an empty and a wrong password with the spec texts', async () => {
    expect(await signIn('')).toBe(false);
    expect($login.get()).toEqual({ submitting: false, error: AUTH.passwordRequired });
    expect(await signIn('not the password')).toBe(false);
    expect($login.get()).toEqual({ submitting: false, error: AUTH.invalidPassword });
    expect(browser.cookie).toBeNull();
    expect($adminLoggedIn.get()).toBeUndefined();
  });

  it('signs in, survives the start-up check, then signs out on the server too', async () => {
    expect(await signIn(ADMIN_PASSWORD)).toBe(true);
    expect($adminLoggedIn.get()).toBe('true');
    expect(browser.cookie).not.toBeNull();

    await verifySession();
    expect($adminLoggedIn.get()).toBe('true');

    await signOut();
    expect($loggingOut.get()).toBe(false);
    expect($adminLoggedIn.get()).toBeUndefined();
    expect(browser.cookie).toBeNull();
  });

  it('clears a flag whose session has expired', async () => {
    expect(await signIn(ADMIN_PASSWORD)).toBe(true);
    api.clock.advance((SESSION_TTL_SECONDS + 1) * 1000);
    try {
      await verifySession();
    } finally {
      api.clock.now = new Date();
    }
    expect($adminLoggedIn.get()).toBeUndefined();
  });

  it('clears a flag left without any cookie', async () => {
    $adminLoggedIn.set('true');
    await verifySession();
    expect($adminLoggedIn.get()).toBeUndefined();
  });
});
