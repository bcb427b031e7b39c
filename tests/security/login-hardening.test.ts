/**
 * Login hardening (docs/design.md (Quality) "Login"): attempts are rate-limited per client on both backends, the password
 * check is constant-time, a server without a configured hash has no way in at all, and no password or hash
 * ships in the repository (the built site is scanned after its build: tests/e2e/security-dist.spec.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, requestFamilies } from '../../src/lib/collections.ts';
import { LOGIN_RATE_LIMIT, LOGIN_REPEAT_LOCKOUTS } from '../../src/lib/constants.ts';
import { AUTH, IDENTITY } from '../../src/lib/staff-messages.ts';
import { ACCOUNT_PATHS } from '../../src/lib/identity.ts';
import { createSessionToken } from '../../src/server/auth/session.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { E2E_ADMIN_PASSWORD } from '../e2e/e2e-env.ts';
import { credentialsIn } from '../support/credential-scan.ts';
import {
  ADMIN_PASSWORD,
  body,
  passwordLogin,
  SESSION_SECRET,
  startApi,
  startApiOn,
  STORE_BACKENDS,
  type Api,
} from '../integration/api-harness.ts';

const ROOT = join(import.meta.dirname, '../..');
let ipCounter = 0;
const freshIp = () => `198.18.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

const login = (
  api: Api,
  password: unknown,
  options: { ip?: string | null; url?: string; headers?: Record<string, string>; userId?: string } = {},
) =>
  passwordLogin(
    api,
    { userId: options.userId, password },
    {
      path: options.url,
      ip: options.ip === undefined ? freshIp() : options.ip,
      headers: options.headers,
    },
  );

describe.each(STORE_BACKENDS)('login rate limit on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'login'));
  });
  afterAll(() => stop());

  it('answers 429 with Retry-After once a client used its attempts, even for the right password', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
      expect((await login(api, `guess-${attempt}`, { ip })).status).toBe(401);
    }
    const limited = await login(api, ADMIN_PASSWORD, { ip });
    expect(limited.status).toBe(429);
    expect(await body(limited)).toEqual({ success: false, message: AUTH.tooManyAttempts });
    expect(limited.headers.get('set-cookie')).toBeNull();
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowSeconds);
  });

  it('counts attempts by the address the platform reports, not by headers the client controls', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
      await login(api, 'guess', { ip, headers: { 'X-Forwarded-For': `10.0.0.${attempt}` } });
    }
    const spoofed = await login(api, ADMIN_PASSWORD, {
      ip,
      headers: {
        'X-Forwarded-For': '10.9.9.9',
        'X-Real-IP': '10.9.9.9',
        'X-Nf-Client-Connection-Ip': '10.9.9.9',
      },
    });
    expect(spoofed.status).toBe(429);
    // Another client is not affected.
    expect((await login(api, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('takes no address from request headers when the platform names none (nor markup into the audit log)', async () => {
    const tried = `forger-${backend}`;
    const response = await login(api, 'guess', {
      userId: tried,
      ip: null,
      headers: { 'X-Forwarded-For': '<b>10.0.0.1</b>', 'X-Nf-Client-Connection-Ip': '10.9.9.9' },
    });
    expect(response.status).toBe(401);
    const { entries } = await readAudit(api.deps, { limit: 5, actor: tried });
    expect(entries.map((entry) => entry.ip)).toEqual(['unknown']);
  });

  it('counts an IPv6 client by its /64, so hopping between its own addresses buys no attempts', async () => {
    const network = `2001:db8:${backend === 'redis' ? 'b' : 'a'}:${ipCounter++}`;
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
      expect((await login(api, 'guess', { ip: `${network}::${attempt + 1}` })).status).toBe(401);
    }
    expect((await login(api, ADMIN_PASSWORD, { ip: `${network}:ffff:ffff:ffff:ffff` })).status).toBe(429);
    expect((await login(api, ADMIN_PASSWORD, { ip: `2001:db8:f:${ipCounter++}::1` })).status).toBe(200);
  });

  it('never locks a user ID out for other addresses, however many guesses on it fail elsewhere', async () => {
    // Three addresses' worth of failures on one user ID: once a hard lock on the account for everyone.
    for (let address = 0; address < 3; address++) {
      const ip = freshIp();
      for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
        expect((await login(api, `guess-${attempt}`, { ip })).status).toBe(401);
      }
      expect((await login(api, ADMIN_PASSWORD, { ip })).status).toBe(429);
    }
    expect((await login(api, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('keeps one address off one user ID longer each time it comes back and fails again', async () => {
    const ip = freshIp();
    /** Fails from `ip` until refused: how many failed first, and the wait the refusal names. */
    const failUntilRefused = async () => {
      for (let failures = 0; failures <= 100; failures++) {
        const response = await login(api, `guess-${failures}`, { ip });
        if (response.status === 429) return { failures, wait: Number(response.headers.get('retry-after')) };
        expect(response.status).toBe(401);
      }
      throw new Error('never refused');
    };
    // The limiters count by the wall clock; a base aligned with every window keeps the arithmetic exact.
    const base = Date.UTC(2030, 0, 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(base + 1_000);
      const first = await failUntilRefused();
      expect(first.failures).toBe(LOGIN_RATE_LIMIT.limit);
      expect(first.wait).toBeLessThanOrEqual(LOGIN_RATE_LIMIT.windowSeconds);

      vi.setSystemTime(base + 31 * 60_000);
      const second = await failUntilRefused();
      expect(second.failures).toBe(LOGIN_RATE_LIMIT.limit * (LOGIN_REPEAT_LOCKOUTS[0].factor - 1));
      expect(second.wait).toBeGreaterThan(first.wait);
      expect(second.wait).toBeGreaterThan(LOGIN_RATE_LIMIT.windowSeconds);

      vi.setSystemTime(base + 2 * 3_600_000 + 60_000);
      const third = await failUntilRefused();
      expect(third.failures).toBeGreaterThan(0);
      expect(third.wait).toBeGreaterThan(LOGIN_REPEAT_LOCKOUTS[0].windowSeconds);

      // The address is still refused even the right password, while anyone else signs in as ever.
      expect((await login(api, ADMIN_PASSWORD, { ip })).status).toBe(429);
      expect((await login(api, ADMIN_PASSWORD)).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('limits and audits guesses at the current password when changing it', async () => {
    const userId = `changer-${backend}`;
    await api.account({ userId, name: 'Changer', password: ADMIN_PASSWORD });
    const session = api.session(userId);
    const change = (currentPassword: string) =>
      api.call(ACCOUNT_PATHS.password, {
        method: 'POST',
        session,
        json: { currentPassword, newPassword: 'an entirely new passphrase 4821' },
      });
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
      const wrong = await change(`guess-${attempt}`);
      expect(wrong.status).toBe(400);
      expect((await body(wrong)).message).toBe(IDENTITY.passwordCurrentWrong);
    }
    const limited = await change(ADMIN_PASSWORD);
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(await body(limited)).toEqual({ success: false, message: IDENTITY.passwordAttemptsExceeded(wait) });
    const { entries } = await readAudit(api.deps, { limit: 50, actor: userId });
    expect(entries.map((entry) => [entry.action, entry.ip])).toEqual(
      Array.from({ length: LOGIN_RATE_LIMIT.limit }, () => ['password-change-failed', '203.0.113.10']),
    );
    // Nothing changed: the old password still signs in.
    expect((await login(api, ADMIN_PASSWORD, { userId })).status).toBe(200);
  });

  it('counts malformed attempts too, so a flood of junk bodies cannot probe for free', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < LOGIN_RATE_LIMIT.limit; attempt++) {
      const response = await api.call(AUTH_PATHS.login, { method: 'POST', json: { nope: attempt }, ip });
      expect(response.status).toBe(400);
    }
    expect((await login(api, ADMIN_PASSWORD, { ip })).status).toBe(429);
  });
});

describe('password comparison', () => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api?.stop());

  it('refuses wrong passwords of equal and of different length alike (401, same message, no cookie)', async () => {
    const sameLength = ADMIN_PASSWORD.slice(0, -1) + (ADMIN_PASSWORD.endsWith('e') ? 'f' : 'e');
    expect(sameLength).toHaveLength(ADMIN_PASSWORD.length);
    for (const password of [
      sameLength,
      ADMIN_PASSWORD.slice(0, -1),
      `${ADMIN_PASSWORD} `.toUpperCase(),
      `${ADMIN_PASSWORD}x`,
      'a',
      'x'.repeat(1_000),
    ]) {
      const response = await login(api, password);
      expect(response.status, JSON.stringify(password.slice(0, 40))).toBe(401);
      expect(await body(response)).toEqual({ success: false, message: AUTH.invalidPassword });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await login(api, ADMIN_PASSWORD)).status).toBe(200);
  });

  it('compares through scrypt and timingSafeEqual only (source check)', () => {
    const source = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    const password = source('src/server/auth/password.ts');
    expect(password).toMatch(/import \{[^}]*\bscrypt\b[^}]*\btimingSafeEqual\b[^}]*\} from 'node:crypto'/);
    expect(password).toMatch(/return timingSafeEqual\(actual, expected\)/);
    const session = source('src/server/auth/session.ts');
    expect(session).toMatch(/timingSafeEqual\(actual, expected\)/);
    const handler = source('src/server/handlers/auth-handler.ts');
    expect(handler).toMatch(/await verifyPassword\(password, hash\)/);
    // No shortcut comparison of secrets anywhere in the auth code.
    for (const code of [password, session, handler]) {
      expect(code).not.toMatch(
        /(password|hash|signature|secret)\s*[!=]==?\s*(password|hash|signature|expected|secret)/i,
      );
    }
  });
});

describe('a server without credentials', () => {
  const DEFAULT_GUESSES = [
    '',
    'admin',
    'password',
    'admin123',
    'delta',
    'deltaadmin',
    ADMIN_PASSWORD,
    E2E_ADMIN_PASSWORD,
  ];

  it.each([
    ['in production (CONTEXT=production)', { CONTEXT: 'production' }, undefined],
    ['on a public host without CONTEXT', {}, undefined],
    ['on localhost', {}, 'http://localhost:8888'],
  ] as const)('answers 503 %s, accepts no default password and sets no cookie', async (_, env, base) => {
    const api = await startApi({
      env: { ...env, ADMIN_PASSWORD_HASH: undefined, ALLOWED_ORIGINS: 'http://localhost:8888' },
    });
    try {
      for (const password of DEFAULT_GUESSES) {
        const response = await login(api, password, { url: `${base ?? ''}${AUTH_PATHS.login}` });
        expect(response.status).toBe(503);
        expect(await body(response)).toEqual({ success: false, message: AUTH.notConfigured });
        expect(response.headers.get('set-cookie')).toBeNull();
      }
    } finally {
      await api.stop();
    }
  });

  it('without SESSION_SECRET: login is off and no token opens the admin API, not even one signed with an empty key', async () => {
    const api = await startApi({ env: { CONTEXT: 'production', SESSION_SECRET: undefined } });
    try {
      const response = await login(api, ADMIN_PASSWORD);
      expect(response.status).toBe(503);
      expect((await body(response)).message).toBe(AUTH.notConfigured);
      for (const token of [
        createSessionToken('', api.clock.now),
        createSessionToken(SESSION_SECRET, api.clock.now),
      ]) {
        expect((await api.call(requestFamilies.contact.path, { session: token })).status).toBe(401);
      }
    } finally {
      await api.stop();
    }
  });
});

const KNOWN_SECRETS = [ADMIN_PASSWORD, E2E_ADMIN_PASSWORD, SESSION_SECRET];
/** Tests hold test credentials by design; everything else must hold none. */
const isTestFile = (path: string) =>
  path.startsWith('tests/') || /\.(test|spec)\.tsx?$/.test(path) || path.endsWith('playwright.config.ts');

describe('no credentials in what we ship', () => {
  it('the repository holds no password hash, test password or secret outside tests, and no .env file', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(50);
    expect(
      files.filter((path) => /(^|\/)\.env(\..+)?$/.test(path) && !path.endsWith('.env.example')),
    ).toEqual([]);
    const offenders: string[] = [];
    for (const path of files) {
      if (isTestFile(path) || !existsSync(join(ROOT, path))) continue;
      const text = readFileSync(join(ROOT, path), 'latin1');
      for (const what of credentialsIn(text, KNOWN_SECRETS)) offenders.push(`${path}: ${what}`);
    }
    expect(offenders).toEqual([]);
  });
});
