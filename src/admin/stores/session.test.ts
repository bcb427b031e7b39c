/**
 * The admin session against the real auth handlers: sign-in keeps the server's cookie and sets the spec's flag,
 * the start-up check clears a flag the server no longer honours, sign-out clears both.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_TTL_SECONDS } from '../../lib/constants.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { ADMIN_PASSWORD, startApi, type Api } from '../../../tests/integration/api-harness.ts';
import { installAdminBrowser, type AdminBrowser } from '../../../tests/support/admin-browser.ts';
import { USERS_PATH } from '../../lib/identity.ts';
import {
  $accountDisabled,
  $adminLoggedIn,
  $loggingOut,
  $login,
  $me,
  $sessionExpired,
  signIn,
  signOut,
  verifySession,
} from './session.ts';

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

  it('knows of a temporary password before the first screen shows (issue 21)', async () => {
    const account = await api.account({ userId: 'temp-user', password: 'violet-harbour-lantern-42' });
    const temporary = 'amber-quarry-falcon-1937';
    await api.admin(`${USERS_PATH}/${account._id}`, { method: 'PATCH', json: { password: temporary } });
    expect(await signIn(temporary, 'temp-user')).toBe(true);
    expect($me.get()).toMatchObject({ userId: 'temp-user', mustChangePassword: true });
  });

  it('says the account is disabled, on its open session and after its right password only (issue 21)', async () => {
    const account = await api.account({ userId: 'soon-disabled', password: 'violet-harbour-lantern-42' });
    expect(await signIn('violet-harbour-lantern-42', 'soon-disabled')).toBe(true);
    await api.admin(`${USERS_PATH}/${account._id}`, { method: 'PATCH', json: { disabled: true } });
    await verifySession();
    expect($adminLoggedIn.get()).toBeUndefined();
    expect($sessionExpired.get()).toBe(true);
    expect($accountDisabled.get()).toBe(true);

    expect(await signIn('a-wrong-password-entirely', 'soon-disabled')).toBe(false);
    expect($login.get().error).toBe(AUTH.invalidPassword);
    expect(await signIn('violet-harbour-lantern-42', 'soon-disabled')).toBe(false);
    expect($login.get().error).toBe(AUTH.accountDisabled);
  });
});
