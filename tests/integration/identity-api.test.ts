/**
 * Named accounts, server-side sessions, failure-only login limits and the audit log (issue 13), on both adapters:
 * real redis-server behind the Upstash gateway, and Netlify's local Blobs server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, contentFamilies, requestFamilies } from '../../src/lib/collections.ts';
import { LOGIN_RATE_LIMIT, SESSION_TTL_SECONDS } from '../../src/lib/constants.ts';
import {
  ACCOUNT_PATHS,
  AUDIT_PATH,
  AUDIT_RETENTION_DAYS,
  SESSION_IDLE_SECONDS,
  USERS_PATH,
  type AccountView,
  type AuditEntry,
} from '../../src/lib/identity.ts';
import { AUTH, IDENTITY } from '../../src/lib/staff-messages.ts';
import { ACCOUNTS } from '../../src/server/auth/accounts.ts';
import { runScheduledPurge } from '../../src/server/rebuild/scheduled.ts';
import {
  ADMIN_PASSWORD,
  body,
  freshAddresses,
  passwordLogin,
  sessionTokenOf,
  startApiOn,
  STORE_BACKENDS,
  type Api,
} from './api-harness.ts';

/** Strong enough for the common-password check, and easy to tell apart. */
const EDITOR_PASSWORD = 'violet-harbour-lantern-42';
const NEW_PASSWORD = 'quiet-meadow-copper-kettle-7';
/** What an owner gives a new colleague: replaced at the first sign-in. */
const FIRST_PASSWORD = 'amber-quarry-falcon-1937';

const freshIp = freshAddresses('198.51');

describe.each(STORE_BACKENDS)('identity on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'identity'));
  });
  afterAll(() => stop());

  const login = (userId: string | undefined, password: string, ip = freshIp()) =>
    passwordLogin(api, { userId: userId || undefined, password }, { ip });

  const audit = async (query = '') =>
    (await body(await api.admin(`${AUDIT_PATH}${query}`))).data as AuditEntry[];

  it('bootstraps the owner from ADMIN_PASSWORD_HASH: the spec login (no user ID) still works', async () => {
    const options = await body(await api.call(ACCOUNT_PATHS.loginOptions));
    expect(options.data).toEqual({ userIdRequired: false, passkeys: false });
    const response = await login(undefined, ADMIN_PASSWORD);
    expect(response.status).toBe(200);
    const session = await body(
      await api.call(AUTH_PATHS.session, { session: sessionTokenOf(response) ?? '' }),
    );
    expect(session.data).toEqual({ authenticated: true, userId: 'admin', name: 'Owner', role: 'owner' });
  });

  it('lets an owner add an editor, who signs in with a user ID and cannot manage accounts or read the log', async () => {
    const created = await api.admin(USERS_PATH, {
      method: 'POST',
      json: { userId: 'Priya', name: 'Priya Nair', role: 'editor', password: FIRST_PASSWORD },
    });
    expect(created.status).toBe(201);
    const account = (await body(created)).data as AccountView;
    expect(account).toMatchObject({
      userId: 'priya',
      name: 'Priya Nair',
      role: 'editor',
      disabled: false,
      mustChangePassword: true,
    });
    expect(JSON.stringify(account)).not.toMatch(/scrypt|passwordHash/);
    expect((await body(await api.call(ACCOUNT_PATHS.loginOptions))).data).toEqual({
      userIdRequired: true,
      passkeys: false,
    });

    const duplicate = await api.admin(USERS_PATH, {
      method: 'POST',
      json: { userId: 'priya', name: 'Other', role: 'editor', password: EDITOR_PASSWORD },
    });
    expect((await body(duplicate)).message).toBe(IDENTITY.userIdTaken);
    const weak = await api.admin(USERS_PATH, {
      method: 'POST',
      json: { userId: 'weak', name: 'Weak', role: 'editor', password: 'password1234' },
    });
    expect((await body(weak)).message).toBe(IDENTITY.passwordCommon);
    const short = await api.admin(USERS_PATH, {
      method: 'POST',
      json: { userId: 'short', name: 'Short', role: 'editor', password: 'x7#kQ' },
    });
    expect((await body(short)).message).toBe(IDENTITY.passwordTooShort(12));

    const editor = await login('priya', FIRST_PASSWORD);
    expect(editor.status).toBe(200);
    const session = sessionTokenOf(editor) ?? '';
    // The owner chose that password: until Priya chooses her own, it opens nothing but the password change.
    expect((await body(await api.call(AUTH_PATHS.session, { session }))).data).toMatchObject({
      userId: 'priya',
      mustChangePassword: true,
    });
    expect((await api.call(requestFamilies.contact.path, { session })).status).toBe(403);
    const change = await api.call(ACCOUNT_PATHS.password, {
      method: 'POST',
      session,
      json: {
        currentPassword: FIRST_PASSWORD,
        newPassword: EDITOR_PASSWORD,
        confirmPassword: EDITOR_PASSWORD,
      },
    });
    expect((await body(change)).message).toBe(IDENTITY.passwordChanged);
    // Editors edit content and handle requests …
    expect((await api.call(requestFamilies.contact.path, { session })).status).toBe(200);
    const course = await api.call(contentFamilies.homeCourse.path, {
      method: 'POST',
      session,
      json: { title: 'Editor course', description: 'Written by the editor' },
    });
    expect(course.status).toBe(201);
    // … but neither manage accounts nor read the audit log.
    expect((await api.call(USERS_PATH, { session })).status).toBe(403);
    expect((await api.call(AUDIT_PATH, { session })).status).toBe(403);
    expect(
      (
        await api.call(USERS_PATH, {
          method: 'POST',
          session,
          json: { userId: 'x', name: 'x', role: 'owner' },
        })
      ).status,
    ).toBe(403);

    const entries = await audit('?actor=priya');
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'password-change', 'sign-in']);
    expect(entries[0]?.target).toMatchObject({ family: 'homeCourse', title: 'Editor course' });
  });

  it('refuses an unknown user and a wrong password with the same answer', async () => {
    for (const [userId, password] of [
      ['nobody', EDITOR_PASSWORD],
      ['priya', 'not-her-password'],
    ] as const) {
      const response = await login(userId, password);
      expect(response.status).toBe(401);
      expect(await body(response)).toEqual({ success: false, message: AUTH.invalidPassword });
    }
    const failures = await audit('?action=sign-in-failed');
    expect(failures.slice(0, 2).map((entry) => entry.actor)).toEqual(['priya', 'nobody']);
    expect(JSON.stringify(failures)).not.toContain('not-her-password');
  });

  it('lets ten colleagues sign in from one address, and stops an eleventh wrong password with Retry-After', async () => {
    const office = freshIp();
    for (let i = 0; i < 10; i++) expect((await login('priya', EDITOR_PASSWORD, office)).status).toBe(200);
    // A typo between colleagues does not add up: a success clears the address's failures.
    expect((await login('priya', 'typo-typo-typo', office)).status).toBe(401);
    expect((await login('priya', EDITOR_PASSWORD, office)).status).toBe(200);

    const attacker = freshIp();
    for (let i = 0; i < LOGIN_RATE_LIMIT.limit; i++)
      expect((await login('admin', `guess-${i}`, attacker)).status).toBe(401);
    const stopped = await login('admin', 'guess-11', attacker);
    expect(stopped.status).toBe(429);
    expect(Number(stopped.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out by one address's guesses.
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('ends sessions on logout, when idle or too old, on a password change and when the account is disabled', async () => {
    const idle = api.session('admin', { idleMs: SESSION_IDLE_SECONDS * 1000 + 1000 });
    expect((await api.call(requestFamilies.contact.path, { session: idle })).status).toBe(401);
    const old = api.session('admin', { ageMs: SESSION_TTL_SECONDS * 1000 + 1000 });
    expect((await api.call(requestFamilies.contact.path, { session: old })).status).toBe(401);
    const nearlyIdle = api.session('admin', { idleMs: SESSION_IDLE_SECONDS * 1000 - 60_000 });
    expect((await api.call(requestFamilies.contact.path, { session: nearlyIdle })).status).toBe(200);

    const loggedOut = api.session('admin');
    expect((await api.call(AUTH_PATHS.logout, { method: 'POST', session: loggedOut })).status).toBe(200);
    expect((await api.call(requestFamilies.contact.path, { session: loggedOut })).status).toBe(401);

    await api.account({ userId: 'ravi', name: 'Ravi', password: EDITOR_PASSWORD });
    const laptop = api.session('ravi');
    const phone = api.session('ravi');
    const change = await api.call(ACCOUNT_PATHS.password, {
      method: 'POST',
      session: laptop,
      json: { currentPassword: EDITOR_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect((await body(change)).message).toBe(IDENTITY.passwordChanged);
    expect((await api.call(requestFamilies.contact.path, { session: phone })).status).toBe(401);
    expect((await api.call(requestFamilies.contact.path, { session: laptop })).status).toBe(200);
    expect((await login('ravi', EDITOR_PASSWORD)).status).toBe(401);
    expect((await login('ravi', NEW_PASSWORD)).status).toBe(200);

    const tablet = api.session('ravi');
    const ended = await api.call(ACCOUNT_PATHS.sessions, { method: 'DELETE', session: laptop });
    expect((await body(ended)).message).toMatch(/^Signed out [1-9]\d* other devices?$/);
    expect((await api.call(requestFamilies.contact.path, { session: tablet })).status).toBe(401);

    const users = (await body(await api.admin(USERS_PATH))).data as AccountView[];
    const ravi = users.find((user) => user.userId === 'ravi');
    const disabled = await api.admin(`${USERS_PATH}/${ravi?._id}`, {
      method: 'PATCH',
      json: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect((await api.call(requestFamilies.contact.path, { session: laptop })).status).toBe(401);
    expect((await login('ravi', NEW_PASSWORD)).status).toBe(401);
  });

  it('requires a passkey only of an account that has one, and then refuses its password like a wrong one', async () => {
    const created = await api.admin(USERS_PATH, {
      method: 'POST',
      json: { userId: 'meera', name: 'Meera Iyer', role: 'editor', password: EDITOR_PASSWORD },
    });
    expect(created.status).toBe(201);
    const account = (await body(created)).data as AccountView;
    const refused = await api.admin(`${USERS_PATH}/${account._id}`, {
      method: 'PATCH',
      json: { requirePasskey: true },
    });
    expect(refused.status).toBe(400);
    expect((await body(refused)).errors).toEqual({ requirePasskey: IDENTITY.passkeyRequiresOne });
    expect((await login('meera', EDITOR_PASSWORD)).status).toBe(200);

    // As it stands once a passkey is registered and required (the ceremonies themselves: passkey-api.test.ts).
    await api.repository.update(ACCOUNTS, account._id, { requirePasskey: true });
    const response = await login('meera', EDITOR_PASSWORD);
    expect(response.status).toBe(401);
    expect(await body(response)).toEqual({ success: false, message: AUTH.invalidPassword });
  });

  it('keeps an owner from locking the site out: not themselves, and a deleted bootstrap owner stays deleted', async () => {
    const users = (await body(await api.admin(USERS_PATH))).data as AccountView[];
    const owner = users.find((user) => user.userId === 'admin');
    for (const attempt of [{ method: 'PATCH', json: { role: 'editor' } }, { method: 'DELETE' }]) {
      const response = await api.admin(`${USERS_PATH}/${owner?._id}`, attempt);
      expect(response.status).toBe(409);
      expect((await body(response)).message).toBe(IDENTITY.notYourself);
    }
    await api.account({ userId: 'second-owner', name: 'Second', role: 'owner', password: EDITOR_PASSWORD });
    const second = api.session('second-owner');
    expect(
      (await api.call(`${USERS_PATH}/${owner?._id}`, { method: 'DELETE', session: second })).status,
    ).toBe(200);
    // ADMIN_PASSWORD_HASH only ever makes the first account of an empty store.
    expect((await login('admin', ADMIN_PASSWORD)).status).toBe(401);
  });

  it('pages the audit log newest first with a cursor, and purges entries past the retention', async () => {
    const session = api.session('second-owner');
    const before = (await body(await api.call(`${AUDIT_PATH}?limit=200`, { session }))).data as AuditEntry[];
    expect(before.length).toBeGreaterThan(5);
    expect(before.every((entry) => entry.ip && entry.at && entry.actor)).toBe(true);
    const page = await body(await api.call(`${AUDIT_PATH}?limit=2`, { session }));
    expect((page.data as AuditEntry[]).length).toBe(2);
    const next = await body(await api.call(`${AUDIT_PATH}?limit=2&cursor=${page.nextCursor}`, { session }));
    expect((next.data as AuditEntry[])[0]?._id).toBe(before[2]?._id);

    api.clock.advance((AUDIT_RETENTION_DAYS + 1) * 86_400_000);
    await runScheduledPurge(api.deps);
    const after = api.session('second-owner');
    const remaining = (await body(await api.call(`${AUDIT_PATH}?limit=200`, { session: after }))).data;
    expect(remaining).toEqual([]);
  });
});
