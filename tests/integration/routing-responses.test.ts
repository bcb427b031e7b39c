/**
 * How the API answers a path or method it has no route for, and how leniently it matches paths: the answers the
 * handlers gave when each routed its own paths, kept by the one route table. Paths match case-insensitively (as
 * Netlify's router does) with or without one trailing slash; ids keep their case; HEAD is served as GET.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentFamilies,
  enrollCourseFamily,
  orderPath,
  requestFamilies,
  settingsFamily,
  settingsRevisionsPath,
  statsFamily,
  TRASH_PATH,
} from '../../src/lib/collections.ts';
import { API } from '../../src/lib/api-messages.ts';
import { AUTH_PATHS, BACKUP_PATH } from '../../src/lib/constants.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { ACCOUNT_PATHS, AUDIT_PATH, USERS_PATH } from '../../src/lib/identity.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { sampleInput } from '../support/family-samples.ts';
import { body, startApi, type Api } from './api-harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api?.stop());

const home = contentFamilies.homeCourse;

describe('routing', () => {
  it('answers 405 with the methods the path has as Allow, on every kind of route', async () => {
    const cases: [string, string, string][] = [
      ['GET', orderPath(home), 'PUT'],
      ['DELETE', `${home.path}/some-id/revisions`, 'GET, HEAD'],
      ['GET', `${home.path}/some-id/revisions/some-rev/restore`, 'POST'],
      ['PUT', requestFamilies.contact.path, 'GET, POST, HEAD'],
      ['GET', `${requestFamilies.enroll.path}/some-id`, 'PATCH, DELETE'],
      ['PATCH', enrollCourseFamily.path, 'GET, POST, HEAD'],
      ['GET', `${enrollCourseFamily.path}/some-id`, 'PUT, DELETE'],
      ['POST', statsFamily.path, 'GET, PUT, HEAD'],
      ['PUT', settingsRevisionsPath, 'GET, HEAD'],
      ['POST', TRASH_PATH, 'GET, HEAD'],
      ['GET', `${TRASH_PATH}/contact/some-id/restore`, 'POST'],
      ['GET', `${TRASH_PATH}/homeCourse/some-id`, 'DELETE'],
      ['POST', AUTH_PATHS.session, 'GET, HEAD'],
      ['GET', AUTH_PATHS.logout, 'POST'],
      ['POST', ACCOUNT_PATHS.sessions, 'GET, DELETE, HEAD'],
      ['GET', ACCOUNT_PATHS.passkeyRegisterOptions, 'POST'],
      ['PUT', ACCOUNT_PATHS.passkeys, 'GET, POST, HEAD'],
      ['POST', ENQUIRY_PATHS.summary, 'GET, HEAD'],
      // Owner-only parts: the owner is told; nobody else is (the authorisation matrix).
      ['GET', ENQUIRY_PATHS.privacyErase, 'POST'],
      ['POST', ENQUIRY_PATHS.privacyExport, 'GET, HEAD'],
      ['POST', BACKUP_PATH, 'GET, HEAD'],
      ['PUT', USERS_PATH, 'GET, POST, HEAD'],
      ['GET', `${USERS_PATH}/some-id`, 'PATCH, DELETE'],
      ['DELETE', AUDIT_PATH, 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await api.admin(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(await body(response)).toEqual({ success: false, message: API.methodNotAllowed });
    }
  });

  it('answers the JSON 404 to paths under /api/v1 that name no route', async () => {
    for (const path of [
      '/api/v1',
      '/api/v1/',
      '/api/v1/nothing-here',
      `${home.path}/some-id/elsewhere`,
      `${home.path}//`,
      `${home.path}/not.an.id`,
      `${TRASH_PATH}/no-such-family/some-id/restore`,
      `${TRASH_PATH}/contact/some-id/restore/more`,
      `${settingsFamily.path}/revisions/some-rev`,
      `${ACCOUNT_PATHS.passkeys}/a/b`,
      `${ENQUIRY_PATHS.summary}/more`,
      '/api/v1/auth',
      '/api/v1/auth/nothing',
    ]) {
      const response = await api.admin(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await body(response), path).toEqual({ success: false, message: API.notFoundRoute });
    }
  });

  it('matches paths case-insensitively and with a trailing slash, keeps ids as sent and serves HEAD as GET', async () => {
    const created = await api.admin(home.path, { method: 'POST', json: sampleInput(home, 'Routed') });
    const id = ((await body(created)).data as StoredItem)._id;
    const shout = home.path.toUpperCase().replace('/API/V1', '/api/v1');
    for (const path of [`${shout}/${id}`, `${home.path.toLowerCase()}/${id}/`, `${shout}/${id}/?x=1`]) {
      const response = await api.call(path);
      expect(response.status, path).toBe(200);
      expect(((await body(response)).data as StoredItem)._id).toBe(id);
    }
    const otherCase = id.replace(/[a-z]/, (letter) => letter.toUpperCase());
    if (otherCase !== id) expect((await api.call(`${home.path}/${otherCase}`)).status).toBe(404);
    const head = await api.call(`${shout}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('netlify-cache-tag')).toBe(home.cacheTag);
    expect((await api.admin(`${home.path}/Order`)).headers.get('allow')).toBe('PUT');
    expect((await api.admin(`${home.path}/${id}/REVISIONS`)).status).toBe(200);
  });
});
