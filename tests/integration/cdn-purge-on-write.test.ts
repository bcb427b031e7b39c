/**
 * The CDN purge that follows every public write, against a fake Netlify purge API (a local node:http server that
 * records what it gets): the family's tag, nothing for personal data, and never a failed write.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  requestFamilies,
  statsFamily,
} from '../../src/lib/collections.ts';
import { createCachePurger } from '../../src/server/cdn/cache-purge.ts';
import { startApi, type Api } from './api-harness.ts';

interface Receiver {
  url: string;
  requests: { method: string; path: string; body: string }[];
  /** Status to answer with. */
  status: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', requests: [], status: 200, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      receiver.requests.push({ method: req.method ?? '', path: req.url ?? '', body: text });
      res.writeHead(receiver.status, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

let purgeApi: Receiver;
let api: Api;

beforeAll(async () => {
  purgeApi = await startReceiver();
  api = await startApi({
    deps: { purgeCache: createCachePurger({ token: 'purge-token', siteID: 'site-1', apiURL: purgeApi.url }) },
  });
});
afterAll(async () => {
  await api.stop();
  await purgeApi.close();
});

const addCourse = (n: number) =>
  api.admin(contentFamilies.homeCourse.path, {
    method: 'POST',
    json: { title: `Course ${n}`, description: 'D' },
  });

describe('CDN purge', () => {
  const purgedTags = () =>
    purgeApi.requests.map((request) => (JSON.parse(request.body) as { cache_tags: string[] }).cache_tags);

  it("purges the family's cache tag after each public write, nothing for personal data", async () => {
    purgeApi.requests.length = 0;
    await api.admin(enrollCourseFamily.path, { method: 'POST', json: { courseName: 'Purge Test' } });
    await api.admin(statsFamily.path, { method: 'PUT', json: { totalCourses: 9 } });
    await api.call(requestFamilies.enroll.path, {
      method: 'POST',
      json: { name: 'A', email: 'a@example.in', phone: '9876543210', course: 'Purge Test' },
    });
    expect(purgedTags()).toEqual([[enrollCourseFamily.cacheTag], [statsFamily.cacheTag]]);
    expect(purgeApi.requests[0]?.path).toBe('/api/v1/purge');
    expect(JSON.parse(purgeApi.requests[0]?.body ?? '{}')).toMatchObject({ site_id: 'site-1' });
  });

  it('never fails a write when purging fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    purgeApi.status = 500;
    try {
      expect((await addCourse(99)).status).toBe(201);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('[cdn] purging tag homeCourse failed'));
    } finally {
      purgeApi.status = 200;
      warn.mockRestore();
    }
  });

  it('is a no-op off Netlify (no purge token)', async () => {
    await expect(createCachePurger({ token: undefined })(['homeCourse'])).resolves.toBeUndefined();
  });
});
