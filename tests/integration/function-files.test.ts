/**
 * The deployed shape: the function files' default exports, with dependencies built from the environment the
 * way Netlify provides it (NETLIFY_BLOBS_CONTEXT, ADMIN_PASSWORD_HASH, SESSION_SECRET).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME } from '../../src/lib/constants.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { startBlobsServer, type TestBlobsServer } from '../support/blobs-server.ts';
import api from '../../netlify/functions/api.mts';
import health from '../../netlify/functions/health.mts';
import scheduler, { config as schedulerConfig } from '../../netlify/functions/rebuild-scheduler.mts';

const SITE = 'http://localhost:8888';
let blobs: TestBlobsServer;
const saved = { ...process.env };

beforeAll(async () => {
  blobs = await startBlobsServer();
  Object.assign(process.env, {
    NETLIFY_BLOBS_CONTEXT: blobs.context,
    ADMIN_PASSWORD_HASH: await hashPassword('function-files-password', { N: 1024, r: 8, p: 1 }),
    SESSION_SECRET: 'function-files-session-secret-0123456789',
    URL: SITE,
  });
  delete process.env.UPSTASH_REDIS_REST_URL;
  delete process.env.UPSTASH_REDIS_REST_TOKEN;
  delete process.env.BUILD_HOOK_URL;
});
afterAll(async () => {
  process.env = saved;
  await blobs.stop();
});

const context = { ip: '127.0.0.1' };

describe('function files', () => {
  it('serve the API from the environment: login over http on localhost, then an admin write', async () => {
    const login = await api(
      new Request(`${SITE}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: JSON.stringify({ password: 'function-files-password' }),
      }),
      context,
    );
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie') ?? '';
    // Plain http on this machine: the cookie must not be Secure, or the browser would drop it.
    expect(cookie).not.toContain('Secure');
    const token = cookie.split(';')[0] ?? '';
    expect(token.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true);

    const write = await api(
      new Request(`${SITE}/api/v1/homeCourse`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE, Cookie: token },
        body: JSON.stringify({ title: 'Bug hunting', description: 'Find and report bugs responsibly.' }),
      }),
      context,
    );
    expect(write.status).toBe(201);
    const list = await api(new Request(`${SITE}/api/v1/homecourse`), context);
    expect(((await list.json()) as { data: { title: string }[] }).data.map((item) => item.title)).toEqual([
      'Bug hunting',
    ]);
  });

  it('answer health, unknown routes and the scheduler', async () => {
    const healthy = await health(new Request(`${SITE}/health`), context);
    expect(await healthy.json()).toMatchObject({ status: 'ok', store: 'blobs' });
    expect((await api(new Request(`${SITE}/api/v1/nope`), context)).status).toBe(404);
    expect(schedulerConfig.schedule).toBe('* * * * *');
    // No BUILD_HOOK_URL: nothing to send.
    expect((await scheduler()).status).toBe(204);
  });
});
