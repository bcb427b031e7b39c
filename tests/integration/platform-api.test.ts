/** Routing of the function files, health, uploads, unknown routes, and failures: store down, unexpected errors. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  allFamilies,
  AUTH_PATHS,
  contentFamilies,
  exportPath,
  requestFamilies,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { createBlobsRepository } from '../../src/server/repository/blobs-repository.ts';
import type { Repository } from '../../src/server/repository/port.ts';
import { body, FUNCTIONS, functionsFor, startApi, type Api } from './api-harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.stop());

describe('function routing', () => {
  const owner = (path: string) => functionsFor(path);

  // Issue 15 replaced the fourteen per-family functions with one API function whose route table comes from the
  // registry (docs/decisions.md 11): these cases assert the same paths, now all owned by `api`.
  it('sends every family path and its items to the one API function, in any letter case', () => {
    for (const family of allFamilies) {
      for (const path of [family.path, `${family.path}/`, `${family.path}/abc`, family.path.toLowerCase()]) {
        expect(owner(path), path).toEqual(['api']);
      }
    }
    for (const key of Object.keys(requestFamilies) as (keyof typeof requestFamilies)[]) {
      expect(owner(exportPath(key))).toEqual(['api']);
    }
    for (const path of Object.values(AUTH_PATHS)) expect(owner(path)).toEqual(['api']);
    expect(owner('/health')).toEqual(['health']);
    expect(owner('/uploads/services/abc.webp')).toEqual(['uploads']);
  });

  it('answers every family route from the registry: each family path reaches its own handler', async () => {
    for (const family of allFamilies) {
      for (const path of [family.path, family.path.toLowerCase(), family.path.toUpperCase()]) {
        const response = await api.call(path);
        // A family's own handler answers its list (stats: its document); requests need a session (401).
        expect([200, 401], `${path}: ${response.status}`).toContain(response.status);
      }
    }
  });

  it('sends every other /api/v1 path to the JSON not-found answer', async () => {
    for (const path of [
      '/api/v1',
      '/api/v1/unknown',
      '/api/v1/auth/whoami',
      '/api/v1/homeContents',
      '/api/v1/a/b/c',
    ]) {
      expect(owner(path), path).toEqual(['api']);
      const response = await api.call(path);
      expect(response.status, path).toBe(404);
      expect(await body(response)).toEqual({ success: false, message: API.notFoundRoute });
    }
    expect(owner('/about')).toEqual([]);
  });

  // Issue 23 added the certificate pages' function (decisions 35): changed deliberately.
  it('has a thin file for every HTTP function: the API, health, uploads and certificate verification', () => {
    expect(FUNCTIONS.map(({ name }) => name)).toEqual(['api', 'health', 'uploads', 'verify']);
  });

  it('answers unknown API routes with JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await api.call('/api/v1/nothing-here', { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await body(response)).toEqual({ success: false, message: API.notFoundRoute });
    }
  });
});

describe('health', () => {
  it('reports the store and the time', async () => {
    const response = await api.call('/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await body(response)).toEqual({ status: 'ok', store: 'blobs', time: api.clock.now.toISOString() });
    expect((await api.call('/health', { method: 'POST' })).status).toBe(405);
  });
});

describe('uploads', () => {
  it('answers JSON 404 for missing files, unknown folders and names that are not ours', async () => {
    for (const path of [
      '/uploads/services/0123456789abcdef0123456789abcdef.webp',
      '/uploads/secrets/0123456789abcdef0123456789abcdef.webp',
      '/uploads/services/..%2F..%2Fetc%2Fpasswd',
      '/uploads/services/.hidden.webp',
    ]) {
      const response = await api.call(path);
      expect(response.status, path).toBe(404);
      expect((await body(response)).success).toBe(false);
    }
  });
});

describe('when the store is down', () => {
  let down: Api;
  beforeAll(async () => {
    down = await startApi({
      // A store that refuses every connection.
      repository: (): Repository =>
        createBlobsRepository({
          connection: {
            siteID: 'down',
            token: 'x',
            edgeURL: 'http://127.0.0.1:9',
            uncachedEdgeURL: 'http://127.0.0.1:9',
          },
        }),
    });
  });
  afterAll(() => down.stop());

  it('answers 503 JSON with Retry-After on public reads, submissions and admin writes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = [
      down.call(contentFamilies.homeService.path),
      down.call('/api/v1/stats'),
      down.call(requestFamilies.contact.path, {
        method: 'POST',
        json: { name: 'A', email: 'a@example.in', phone: '9876543210', message: 'Hi' },
      }),
      down.admin(contentFamilies.homeCourse.path, { method: 'POST', json: { title: 'T', description: 'D' } }),
      down.call(AUTH_PATHS.login, { method: 'POST', json: { password: 'x' } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await body(response)).toEqual({ success: false, message: API.storeUnavailable });
    }
    warn.mockRestore();
  });

  it('reports it on /health with 503', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await down.call('/health');
    expect(response.status).toBe(503);
    expect(await body(response)).toMatchObject({ status: 'unavailable', store: 'blobs' });
    warn.mockRestore();
  });
});

describe('unexpected errors', () => {
  it('answer a generic 500 without internals, and are logged server-side', async () => {
    const broken = await startApi({
      repository: (blobs) => {
        const real = createBlobsRepository({ store: blobs.getStore('broken') });
        return {
          ...real,
          list: () => Promise.reject(new TypeError('secret internals: /srv/app/node_modules/x.js:12')),
        };
      },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await broken.call(contentFamilies.career.path);
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ success: false, message: API.unexpected });
      expect(text).not.toContain('internals');
      expect(error).toHaveBeenCalledOnce();
      expect(String(error.mock.calls[0]?.[0])).toContain('TypeError');
    } finally {
      error.mockRestore();
      await broken.stop();
    }
  });
});
