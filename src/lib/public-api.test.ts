import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentFamilies, enrollCourseFamily, requestFamilies, statsFamily } from './collections.ts';
import { FILL_TIME_FIELD } from './constants.ts';
import { PUBLIC_PATHS, sendContact, sendEnroll } from './public-api.ts';

describe('PUBLIC_PATHS', () => {
  it('agrees with the collections registry', () => {
    expect(PUBLIC_PATHS).toEqual({
      homeContent: contentFamilies.homeContent.path,
      homeService: contentFamilies.homeService.path,
      homeCourse: contentFamilies.homeCourse.path,
      serviceContent: contentFamilies.serviceContent.path,
      career: contentFamilies.career.path,
      enrollCourse: enrollCourseFamily.path,
      stats: statsFamily.path,
      contact: requestFamilies.contact.path,
      enroll: requestFamilies.enroll.path,
    });
  });
});

describe('public submissions', () => {
  // A real HTTP server stands in for the API: the test reads the headers the browser code sends.
  const seen: { path: string; key: string | undefined }[] = [];
  let server: Server;
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({ path: request.url ?? '', key: request.headers['idempotency-key'] as string | undefined });
      response.writeHead(201, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ success: true, data: null, message: 'ok' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    vi.stubGlobal('location', { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await new Promise((resolve) => server.close(resolve));
  });

  const enrolment = { name: 'Asha', email: 'a@example.in', phone: '9876543210', course: 'X', message: '' };

  it('sends one Idempotency-Key per content: the same on a retry, a new one for other words', async () => {
    await sendEnroll({ ...enrolment, website: '', [FILL_TIME_FIELD]: 4000 });
    await sendEnroll({ ...enrolment, website: '', [FILL_TIME_FIELD]: 9000 });
    await sendEnroll({ ...enrolment, message: 'Evenings', website: '', [FILL_TIME_FIELD]: 9500 });
    await sendContact({ name: 'Asha', email: 'a@example.in', phone: '', message: 'Hi', website: '' });
    expect(seen.map((request) => request.path)).toEqual([
      PUBLIC_PATHS.enroll,
      PUBLIC_PATHS.enroll,
      PUBLIC_PATHS.enroll,
      PUBLIC_PATHS.contact,
    ]);
    const [first, retry, other, contact] = seen.map((request) => request.key);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(other).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([first, other, contact]).size).toBe(3);
  });
});
