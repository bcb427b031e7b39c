/**
 * Issue 21, on both adapters (real redis-server behind the Upstash gateway, Netlify's local Blobs server): a way
 * back in (an owner's temporary password for a colleague, the reset-password command for a lone owner, a confirm
 * field), a disabled person told so (only once they proved who they are), and erasure and export as an owner's
 * decision, logged with a masked address and the counts.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, contentFamilies, requestFamilies } from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import {
  ACCOUNT_PATHS,
  AUDIT_PATH,
  USERS_PATH,
  type AccountView,
  type AuditEntry,
} from '../../src/lib/identity.ts';
import { AUTH, DATA_RIGHTS, IDENTITY } from '../../src/lib/staff-messages.ts';
import { ACCOUNTS, createAccount } from '../../src/server/auth/accounts.ts';
import { resetPassword, COMMAND_LINE_ACTOR } from '../../scripts/accounts/password-reset.ts';
import { SESSIONS, storeSession } from '../../src/server/auth/sessions.ts';
import { createDeps } from '../../src/server/deps.ts';
import { maskEmail } from '../../src/server/enquiries/privacy.ts';
import { createBlobsRepository } from '../../src/server/repository/index.ts';
import { newId } from '../../src/server/repository/ids.ts';
import { BLOB_STORES } from '../../src/server/repository/keys.ts';
import type { Repository } from '../../src/server/repository/port.ts';
import { startBlobsSandbox } from '../../scripts/dev/blobs-sandbox.ts';
import {
  ADMIN_PASSWORD,
  body,
  freshAddresses,
  passwordLogin,
  sessionTokenOf,
  startApi,
  startApiOn,
  STORE_BACKENDS,
  type Api,
} from './api-harness.ts';

const FIRST_PASSWORD = 'violet-harbour-lantern-42';
const TEMPORARY = 'amber-quarry-falcon-1937';
const CHOSEN = 'quiet-meadow-copper-kettle-7';

const freshIp = freshAddresses('198.53');

describe.each(STORE_BACKENDS)('account recovery on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'recovery'));
  });
  afterAll(() => stop());

  const login = (userId: string, password: string) =>
    passwordLogin(api, { userId, password }, { ip: freshIp() });
  const idOf = async (userId: string) =>
    ((await body(await api.admin(USERS_PATH))).data as AccountView[]).find(
      (person) => person.userId === userId,
    )?._id ?? '';
  const audit = async (query: string) =>
    (await body(await api.admin(`${AUDIT_PATH}${query}`))).data as AuditEntry[];

  it("lets an owner set a colleague's temporary password: their sessions end and they may only change it", async () => {
    await api.account({ userId: 'anita', name: 'Anita Rao', password: FIRST_PASSWORD });
    const laptop = api.session('anita');
    const id = await idOf('anita');

    // A typo in the confirmation changes nothing.
    const typo = await api.admin(`${USERS_PATH}/${id}`, {
      method: 'PATCH',
      json: { password: TEMPORARY, confirmPassword: `${TEMPORARY}x` },
    });
    expect(typo.status).toBe(400);
    expect((await body(typo)).errors).toEqual({ confirmPassword: IDENTITY.passwordsDiffer });
    expect((await api.call(requestFamilies.contact.path, { session: laptop })).status).toBe(200);

    const reset = await api.admin(`${USERS_PATH}/${id}`, {
      method: 'PATCH',
      json: { password: TEMPORARY, confirmPassword: TEMPORARY },
    });
    expect(reset.status).toBe(200);
    expect(await body(reset)).toMatchObject({
      message: IDENTITY.temporaryPasswordSet('anita'),
      data: { userId: 'anita', mustChangePassword: true },
    });
    expect((await api.call(requestFamilies.contact.path, { session: laptop })).status).toBe(401);
    expect((await login('anita', FIRST_PASSWORD)).status).toBe(401);

    const signedIn = await login('anita', TEMPORARY);
    expect(signedIn.status).toBe(200);
    const session = sessionTokenOf(signedIn) ?? '';
    expect((await body(await api.call(AUTH_PATHS.session, { session }))).data).toEqual({
      authenticated: true,
      userId: 'anita',
      name: 'Anita Rao',
      role: 'editor',
      mustChangePassword: true,
    });

    // Until the password is changed, every other admin route refuses, with the reason, and stores nothing.
    const before = await api.repository.list(contentFamilies.homeCourse.key);
    for (const [method, path, json] of [
      ['GET', requestFamilies.contact.path, undefined],
      ['GET', ACCOUNT_PATHS.sessions, undefined],
      ['POST', contentFamilies.homeCourse.path, { title: 'Too soon', description: 'Not yet' }],
    ] as const) {
      const refused = await api.call(path, { method, session, json });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await body(refused)).toEqual({ success: false, message: API.passwordChangeRequired });
    }
    expect(await api.repository.list(contentFamilies.homeCourse.key)).toEqual(before);

    const change = (newPassword: string, confirmPassword = newPassword) =>
      api.call(ACCOUNT_PATHS.password, {
        method: 'POST',
        session,
        json: { currentPassword: TEMPORARY, newPassword, confirmPassword },
      });
    const same = await change(TEMPORARY);
    expect((await body(same)).errors).toEqual({ newPassword: IDENTITY.passwordSameAsTemporary });
    const mismatch = await change(CHOSEN, 'something-else-entirely-9');
    expect(mismatch.status).toBe(400);
    expect((await body(mismatch)).errors).toEqual({ confirmPassword: IDENTITY.passwordsDiffer });
    expect((await api.call(requestFamilies.contact.path, { session })).status).toBe(403);

    expect((await body(await change(CHOSEN))).message).toBe(IDENTITY.passwordChanged);
    expect((await api.call(requestFamilies.contact.path, { session })).status).toBe(200);
    expect((await body(await api.call(AUTH_PATHS.session, { session }))).data).not.toHaveProperty(
      'mustChangePassword',
    );
    expect((await login('anita', CHOSEN)).status).toBe(200);

    const resets = await audit('?action=password-reset');
    expect(resets[0]).toMatchObject({
      actor: 'admin',
      target: { family: 'account', id, title: 'Anita Rao' },
    });
    expect(JSON.stringify(resets)).not.toContain(TEMPORARY);
  });

  it('tells a disabled person so, on their open session and after their right password only', async () => {
    await api.account({ userId: 'dev', name: 'Dev', password: FIRST_PASSWORD });
    const open = api.session('dev');
    const id = await idOf('dev');
    expect(
      (await api.admin(`${USERS_PATH}/${id}`, { method: 'PATCH', json: { disabled: true } })).status,
    ).toBe(200);

    const refused = await api.call(requestFamilies.contact.path, { session: open });
    expect(refused.status).toBe(401);
    expect(await body(refused)).toEqual({ success: false, message: AUTH.accountDisabled });
    expect((await body(await api.call(AUTH_PATHS.session, { session: open }))).data).toEqual({
      authenticated: false,
      accountDisabled: true,
    });
    // The right password is told the account is disabled; a wrong one learns nothing new.
    expect(await body(await login('dev', FIRST_PASSWORD))).toEqual({
      success: false,
      message: AUTH.accountDisabled,
    });
    const wrong = await login('dev', 'not-the-password-at-all');
    expect(wrong.status).toBe(401);
    expect(await body(wrong)).toEqual({ success: false, message: AUTH.invalidPassword });

    // Enabled again: the old session stays ended (plainly), and the password opens a new one.
    await api.admin(`${USERS_PATH}/${id}`, { method: 'PATCH', json: { disabled: false } });
    expect(await body(await api.call(requestFamilies.contact.path, { session: open }))).toEqual({
      success: false,
      message: API.unauthorized,
    });
    expect((await login('dev', FIRST_PASSWORD)).status).toBe(200);
  });

  it('leaves erasure and export to owners, and logs whose (masked) and how much', async () => {
    const email = 'Kavya.Menon@example.in';
    for (const family of [requestFamilies.contact, requestFamilies.enroll])
      await api.repository.create(family.key, {
        name: 'Kavya Menon',
        email,
        phone: '9876543210',
        message: 'Hello',
        ...(family.key === 'enroll' ? { course: 'Ethical Hacking' } : {}),
      });
    await api.account({ userId: 'editor-e', name: 'Editor', password: FIRST_PASSWORD });
    const editor = api.session('editor-e');
    const exportPath = `${ENQUIRY_PATHS.privacyExport}?email=${encodeURIComponent(email)}`;
    expect((await api.call(exportPath, { session: editor })).status).toBe(403);
    const editorErase = await api.call(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      session: editor,
      json: { email },
    });
    expect(editorErase.status).toBe(403);
    expect((await body(await api.admin(exportPath))).data).toMatchObject({
      contact: [expect.objectContaining({ email })],
      enroll: [expect.objectContaining({ email })],
    });

    const erased = await api.admin(ENQUIRY_PATHS.privacyErase, { method: 'POST', json: { email } });
    expect((await body(erased)).message).toBe(DATA_RIGHTS.erased(1, 1));
    expect(maskEmail(email)).toBe('K***@e***.in');
    const [erase] = await audit('?action=erase');
    expect(erase).toMatchObject({
      actor: 'admin',
      target: { family: 'privacy', title: DATA_RIGHTS.auditTarget('K***@e***.in', 1, 1, null) },
    });
    const [exported] = await audit('?action=export');
    expect(exported?.target).toEqual({
      family: 'privacy',
      title: DATA_RIGHTS.auditTarget('K***@e***.in', 1, 1, 0),
    });
    const log = JSON.stringify(await audit('?limit=200'));
    expect(log.toLowerCase()).not.toContain('kavya');
  });

  it('resets a lone owner from the store: a temporary password, sessions ended, passkeys-only lifted, audited', async () => {
    await api.repository.update(ACCOUNTS, await idOf('admin'), { requirePasskey: true });
    const open = api.session('admin');
    await expect(resetPassword(api.deps, 'nobody')).rejects.toThrow('No account has the user ID "nobody".');
    await expect(resetPassword(api.deps, 'admin', 'password1234')).rejects.toThrow(IDENTITY.passwordCommon);
    expect((await api.call(requestFamilies.contact.path, { session: open })).status).toBe(200);

    const reset = await resetPassword(api.deps, 'admin');
    expect(reset.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(reset.endedSessions).toBeGreaterThan(0);
    expect((await api.call(requestFamilies.contact.path, { session: open })).status).toBe(401);
    const signedIn = await login('admin', reset.password);
    expect(signedIn.status).toBe(200);
    expect(
      (await body(await api.call(AUTH_PATHS.session, { session: sessionTokenOf(signedIn) ?? '' }))).data,
    ).toMatchObject({ userId: 'admin', mustChangePassword: true });
    const entries = (await api.repository.list('audit')) as unknown as AuditEntry[];
    expect(entries.filter((entry) => entry.action === 'password-reset').at(-1)).toMatchObject({
      actor: COMMAND_LINE_ACTOR,
      target: { family: 'account', title: 'Owner' },
    });
  });
});

/** The command itself, as an operator runs it, on each store the site can use. */
describe('npm run reset-password', () => {
  const run = promisify(execFile);
  const cli = (args: string[], env: Record<string, string>, input?: string) => {
    const child = run(process.execPath, ['scripts/reset-password.ts', ...args], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    child.child.stdin?.end(input ?? '');
    return child;
  };
  const deps = (repository: Repository) =>
    createDeps({ SESSION_SECRET: 'test-session-secret-that-is-long-enough' }, { repository });
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'reset-password-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('works on the local Blobs store: prints a temporary password that signs in and must be changed', async () => {
    const directory = join(dataDir, 'blobs');
    const oldSession = newId();
    const first = await startBlobsSandbox({ directory });
    const owner = await createAccount(
      deps(createBlobsRepository({ store: first.getStore(BLOB_STORES.content) })),
      { userId: 'lone', name: 'Lone Owner', role: 'owner', password: FIRST_PASSWORD },
      { N: 1024, r: 8, p: 1 },
    );
    await storeSession(
      deps(createBlobsRepository({ store: first.getStore(BLOB_STORES.content) })),
      oldSession,
      owner,
      {
        ip: '203.0.113.9',
      },
    );
    await first.stop();

    const refused = cli(['--user', 'someone-else', '--data-dir', dataDir], {});
    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Nothing was changed'),
    });
    const { stdout } = await cli(['--user', 'lone', '--data-dir', dataDir], {});
    const password = stdout.trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const second = await startBlobsSandbox({ directory });
    const api = await startApi({
      repository: () => createBlobsRepository({ store: second.getStore(BLOB_STORES.content) }),
    });
    try {
      expect(await api.repository.get(SESSIONS, oldSession)).toBeNull();
      const signedIn = await passwordLogin(api, { userId: 'lone', password }, { ip: freshIp() });
      expect(signedIn.status).toBe(200);
      const session = sessionTokenOf(signedIn) ?? '';
      expect((await body(await api.call(AUTH_PATHS.session, { session }))).data).toMatchObject({
        mustChangePassword: true,
      });
      expect((await api.call(requestFamilies.contact.path, { session })).status).toBe(403);
    } finally {
      await api.stop();
      await second.stop();
    }
  });

  it('works on Upstash Redis, with the password from stdin, and audits it', async () => {
    const { api, redis, stop } = await startApiOn('redis', 'reset-cli');
    try {
      const { stdout, stderr } = await cli(
        ['--user', 'admin', '--password-stdin', '--data-dir', join(dataDir, 'redis-run')],
        {
          UPSTASH_REDIS_REST_URL: redis?.url ?? '',
          UPSTASH_REDIS_REST_TOKEN: redis?.token ?? '',
          REDIS_KEY_PREFIX: 'reset-cli',
        },
        `${CHOSEN}\n`,
      );
      // A password the operator chose is never echoed.
      expect(stdout).toBe('');
      expect(stderr).toContain('Reset the password of admin');
      const signIn = (password: string) => passwordLogin(api, { password }, { ip: freshIp() });
      expect((await signIn(ADMIN_PASSWORD)).status).toBe(401);
      expect((await signIn(CHOSEN)).status).toBe(200);
      const entries = (await api.repository.list('audit')) as unknown as AuditEntry[];
      expect(entries.filter((entry) => entry.action === 'password-reset')).toEqual([
        expect.objectContaining({
          actor: COMMAND_LINE_ACTOR,
          ip: 'local',
          target: expect.objectContaining({ title: 'Owner' }),
        }),
      ]);
    } finally {
      await stop();
    }
  });
});
