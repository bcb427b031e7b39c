/**
 * The API's route table (src/server/http/route-table.ts) holds the routes to what they declare: each says who may
 * call it (the authorisation matrix checks that part), what it records in the audit log and how its answer may be
 * cached. Here: the declarations are complete and consistent, every family of the registry (a fixture one too)
 * gets its routes from it, and every route that changes something, done for real, records exactly the audit
 * actions it declares (or nothing, where it says why).
 */
import { IMPORT_CHUNK_ROWS } from '../../src/server/certificates/staged-import.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestExample } from '../support/request-examples.ts';
import { VERIFY_PATH } from '../../src/server/handlers/certificate-handler.ts';
import { paymentPath, receiptPath } from '../../src/server/handlers/enroll-payment-handler.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledChangePath, scheduledItemPath } from '../../src/lib/schedule.ts';
import {
  PREVIEW_PATH,
  PREVIEW_RENDER_PATH,
  PREVIEW_REVOKE_PATH,
  type SharedPreview,
} from '../../src/lib/preview.ts';
import {
  allFamilies,
  contentFamilies,
  contentFamily,
  csvPath,
  enrollCourseFamily,
  exportPath,
  orderPath,
  requestFamilies,
  revisionRestorePath,
  settingsFamily,
  settingsRevisionRestorePath,
  settingsRevisionsPath,
  statsFamily,
  trashEntryPath,
  trashRestorePath,
  type ContentFamily,
} from '../../src/lib/collections.ts';
import { AUTH_PATHS, BACKUP_PATH } from '../../src/lib/constants.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { textField } from '../../src/lib/fields.ts';
import { ACCOUNT_PATHS, USERS_PATH } from '../../src/lib/identity.ts';
import { MARKDOWN_PICTURES_PATH } from '../../src/lib/markdown-pictures.ts';
import { utcToIstDay } from '../../src/lib/ist.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { readAudit } from '../../src/server/audit/audit-log.ts';
import { apiHandler, apiRoutes, REGISTRY } from '../../src/server/handlers/api-router.ts';
import { jpegWithExifAndGps } from '../../src/server/images/image-fixtures.ts';
import { applyRouteLimits } from '../../src/server/http/route-limits.ts';
import { compileRoute, resolve, type ApiRoute } from '../../src/server/http/route-table.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { sampleInput } from '../support/family-samples.ts';
import {
  ADMIN_PASSWORD,
  body,
  freshAddresses,
  multipart,
  ORIGIN,
  startApiOn,
  type Api,
  type CallOptions,
} from './api-harness.ts';

const ROUTES = apiRoutes(REGISTRY);
const TABLE = ROUTES.map(compileRoute);
const isWrite = (route: ApiRoute) => route.method !== 'GET';
const label = (route: ApiRoute) =>
  `${route.method} ${route.path}${route.query ? `?${new URLSearchParams(route.query).toString()}` : ''}`;

function routeOf(method: string, path: string): ApiRoute {
  const found = resolve(TABLE, new Request(new URL(path, ORIGIN), { method }));
  if (found.kind !== 'route') throw new Error(`${method} ${path} is no route of the table`);
  return found.route;
}

/** A family only this file knows, served from a registry of its own. */
const fixture: ContentFamily = contentFamily('routeFixture', {
  fields: [textField('title', { label: 'Title', max: 80, required: 'Title is required' })],
  confirmDelete: 'Delete this?',
  messages: {
    added: 'Added',
    updated: 'Updated',
    deleted: 'Deleted',
    empty: 'None yet',
    fetchFailed: 'Failed to fetch',
    addFailed: 'Failed to add',
    updateFailed: 'Failed to update',
    deleteFailed: 'Failed to delete',
  },
});

describe('the route table', () => {
  it('says for every route that changes something what the audit log records, or why nothing', () => {
    for (const route of ROUTES.filter(isWrite)) {
      if (Array.isArray(route.audit)) expect(route.audit.length, label(route)).toBeGreaterThan(0);
      else expect(route.audit, label(route)).not.toEqual({ none: 'a read changes nothing' });
    }
  });

  it('lets no staff answer be stored, and public caching only on reads', () => {
    for (const route of ROUTES) {
      if (route.access.who === 'staff') expect(route.cache, label(route)).toEqual({ kind: 'no-store' });
      if (route.cache.kind === 'public') expect(route.method, label(route)).toBe('GET');
    }
  });

  it('gives every family of the registry its routes, staff ones guarded and none public that writes', () => {
    for (const family of allFamilies) {
      const own = ROUTES.filter((route) => route.family === family.key);
      expect(own.length, family.key).toBeGreaterThan(0);
      for (const route of own.filter(isWrite)) {
        // Only the visitors' enquiries are written without a session.
        if (route.access.who !== 'staff') expect(family.key in requestFamilies, label(route)).toBe(true);
      }
    }
  });

  it('gives a family added to the registry the same routes as a family of its kind, trash included', () => {
    const withFixture = {
      content: [...REGISTRY.content, fixture],
      requests: REGISTRY.requests,
    };
    const shape = (key: string, path: string) =>
      apiRoutes(withFixture)
        .filter((route) => route.family === key)
        .map((route) => ({
          route: label(route).replace(path, '<family>').replace(`/${key}/`, '/<key>/'),
          access: route.access,
          audit: route.audit,
          cache: route.cache.kind,
        }));
    const model = contentFamilies.career;
    expect(shape(fixture.key, fixture.path)).toEqual(shape(model.key, model.path));
    expect(shape(fixture.key, fixture.path).length).toBeGreaterThanOrEqual(13);
  });

  it('declares every rate limit: which routes are limited, by what, under which buckets', () => {
    const env = { LOGIN_RATE_LIMIT_MAX: 10, SUBMISSION_RATE_LIMIT_MAX: 5, SUBMISSION_SENDER_LIMIT_MAX: 3 };
    const declared = Object.fromEntries(
      ROUTES.filter((route) => route.limits?.length).map((route) => [
        label(route),
        (route.limits ?? []).map(
          (limit) =>
            `${limit.per}:${limit.name}=${limit
              .counters(env as never)
              .map((counter) => counter.bucket)
              .join('+')}`,
        ),
      ]),
    );
    const submissions = Object.fromEntries(
      Object.values(requestFamilies).map((family) => [
        `POST ${family.path}`,
        [
          `address:address=submit-${family.key}`,
          `key:email=submit-${family.key}-email`,
          `key:phone=submit-${family.key}-phone`,
        ],
      ]),
    );
    expect(declared).toEqual({
      [`POST ${AUTH_PATHS.login}`]: [
        'address:address=login',
        'key:user-at-address=login-user-ip-0+login-user-ip-1+login-user-ip-2',
      ],
      [`POST ${ACCOUNT_PATHS.passkeyLoginOptions}`]: ['address:address=passkey-options'],
      [`POST ${ACCOUNT_PATHS.passkeyLogin}`]: ['address:address=login'],
      [`POST ${ACCOUNT_PATHS.password}`]: ['account:account=password-change'],
      ...submissions,
      // Issue 23: certificate lookups, one bucket with the /verify pages' (verify-page-handler.ts).
      [`GET ${VERIFY_PATH}`]: ['address:address=certificate-lookup'],
    });
    // Counting per account needs the signed-in caller.
    for (const route of ROUTES)
      if (route.limits?.some((limit) => limit.per === 'account')) expect(route.access.who).toBe('staff');
  });

  it('refuses a table where two routes claim the same method and path', () => {
    expect(() =>
      apiHandler({ content: [...REGISTRY.content, contentFamilies.career], requests: [] }),
    ).toThrow(/Two API routes claim/);
  });
});

describe('every route that changes something records what the table declares', () => {
  let api: Api;
  const ip = freshAddresses('198.51.100');
  const exercised = new Set<ApiRoute>();
  /** Routes that need an authenticator: passkey-api.test.ts checks their entries with a software one. */
  const AUTHENTICATOR = new Set([
    `POST ${ACCOUNT_PATHS.passkeys}`,
    `DELETE ${ACCOUNT_PATHS.passkeys}/:credentialId`,
    `POST ${ACCOUNT_PATHS.passkeyLogin}`,
  ]);
  let stop: () => Promise<void> = async () => {};
  // On Redis: the steps are many and the handlers' audit calls do not depend on the store.
  // A build hook that answers, so "publish now" (issue 26) succeeds and is logged.
  const hook = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end()));
  beforeAll(async () => {
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/route-table`;
    ({ api, stop } = await startApiOn('redis', 'route-table', { env: { BUILD_HOOK_URL: hookUrl } }));
  });
  afterAll(async () => {
    await stop();
    await new Promise((resolve) => hook.close(resolve));
  });

  it('lets a handler count only against the limits its route declares', async () => {
    const login = routeOf('POST', AUTH_PATHS.login);
    const count = await applyRouteLimits(login, api.deps, ip(), null);
    await expect(count({ sender: 'someone' })).rejects.toThrow(/declares no limit "sender"/);
    await expect(count({ 'user-at-address': 'owner 198.51.100.1' })).resolves.toBeUndefined();
  });

  /** The newest entries: no step records more than a few. */
  const latest = async () => (await readAudit(api.deps, { limit: 20 })).entries;

  /** Does the request as staff (the owner unless `session` says), and checks what it recorded against its route. */
  async function step(method: string, path: string, options: CallOptions & { anonymous?: boolean } = {}) {
    const route = routeOf(method, path);
    const before = new Set((await latest()).map((entry) => entry._id));
    const { anonymous, ...call } = options;
    const response = await (anonymous
      ? api.call(path, { method, ip: ip(), ...call })
      : api.admin(path, { method, ...call }));
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    const recorded = (await latest()).filter((entry) => !before.has(entry._id)).map((entry) => entry.action);
    if (Array.isArray(route.audit)) {
      expect(recorded.length, `${method} ${path} records its action`).toBeGreaterThan(0);
      for (const action of recorded) expect(route.audit, `${method} ${path}`).toContain(action);
    } else {
      expect(recorded, `${method} ${path} records nothing`).toEqual([]);
    }
    exercised.add(route);
    return response;
  }

  /** Deleted, restored from the trash, deleted again and then deleted for good. */
  async function trashCycle(key: string, itemPath: string, id: string) {
    await step('DELETE', itemPath);
    await step('POST', trashRestorePath(key, id));
    expect((await api.admin(itemPath, { method: 'DELETE' })).status).toBe(200);
    await step('DELETE', trashEntryPath(key, id));
  }

  it('on every family, the trash, the settings, accounts, the own account, data rights, backup and sign-in', async () => {
    const photo = await jpegWithExifAndGps(480, 320);
    // In registry order, so a family's references find an item of the family before it (a course's trainer).
    const made = new Map<string, string>();
    for (const family of Object.values(contentFamilies)) {
      const input = sampleInput(family, 'Audited', (to) => made.get(to));
      const created = await step(
        'POST',
        family.path,
        family.multipart ? { form: multipart(input, { bytes: photo }) } : { json: input },
      );
      const id = ((await body(created)).data as StoredItem)._id;
      const edit = { ...input, [family.titleField]: 'Audited, edited' };
      await step(
        'PUT',
        `${family.path}/${id}`,
        family.multipart ? { form: multipart(edit) } : { json: edit },
      );
      const ids = (await api.repository.list(family.key)).map((item) => item._id);
      await step('PUT', orderPath(family), { json: { ids } });
      const [, original] = await api.repository.revisions(family.key, id);
      await step('POST', revisionRestorePath(family, id, original?.rev ?? ''));
      await step('GET', csvPath(family));
      await trashCycle(family.key, `${family.path}/${id}`, id);
      // One that stays, for the next families' references (the audited one is gone for good).
      const kept = await api.admin(family.path, {
        method: 'POST',
        ...(family.multipart ? { form: multipart(input, { bytes: photo }) } : { json: input }),
      });
      made.set(family.key, ((await body(kept)).data as StoredItem)._id);
      // Issue 24.3: a publish and an unpublish scheduled on the kept item, each cancelled from the Scheduled screen.
      const keptId = made.get(family.key) ?? '';
      const later = (hours: number) => new Date(api.clock.now.getTime() + hours * 3_600_000).toISOString();
      await api.repository.update(family.key, keptId, { publishAt: later(1), unpublishAt: later(2) });
      await step('DELETE', scheduledChangePath(family.key, keptId, 'publish'));
      await step('DELETE', scheduledItemPath(family.key, keptId));
    }
    // Issue 23: a certificate's revoke.
    await step('POST', `${contentFamilies.certificate.path}/${made.get('certificate') ?? ''}/revoke`, {
      json: { reason: 'Audited' },
    });
    // Issue 24.4: a preview shared, shown from unsaved values, and withdrawn.
    const previewed = { family: contentFamilies.caseStudy.key, id: made.get('caseStudy') ?? '' };
    const shared = (await body(await step('POST', PREVIEW_PATH, { json: previewed }))).data as SharedPreview;
    await step('POST', PREVIEW_RENDER_PATH, { json: { ...previewed, values: {} } });
    await step('POST', PREVIEW_REVOKE_PATH, { json: { ...previewed, link: shared.link.id } });
    // Issue 23: issuing for a batch's roster, and the CSV import of old certificates.
    const enrolled = await api.repository.create('enroll', {
      name: 'Audited Learner',
      email: 'learner@example.in',
      phone: '9876543210',
      course: 'Audited',
      batch: made.get('batch') ?? '',
      status: 'enrolled',
    });
    await step('POST', `${contentFamilies.certificate.path}/batch/${made.get('batch') ?? ''}`, {
      // The batch runs on: an owner (api.admin) issues early, with the reason it records.
      json: { enrollIds: [enrolled._id], earlyIssueReason: 'Audited' },
    });
    await step('POST', `${contentFamilies.certificate.path}/import`, {
      body: 'number,holderName,courseName,issuedOn\nAUDIT-OLD-1,Audited,Old Course,2019-01-01\n',
      headers: { 'Content-Type': 'text/csv' },
    });
    // A file longer than one chunk: its last row comes in through the resume route.
    const longer = await api.admin(`${contentFamilies.certificate.path}/import`, {
      method: 'POST',
      body: [
        'number,holderName,courseName,issuedOn',
        ...Array.from(
          { length: IMPORT_CHUNK_ROWS + 1 },
          (_, n) => `AUDIT-CHUNK-${n},Audited,Old Course,2019-01-01`,
        ),
      ].join('\n'),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(longer.status).toBe(202);
    const { importId } = (await body(longer)).data as { importId: string };
    await step('POST', `${contentFamilies.certificate.path}/import/${importId}`);

    const course = await step('POST', enrollCourseFamily.path, { json: { courseName: 'Audited Course' } });
    const courseId = ((await body(course)).data as StoredItem)._id;
    const person = { name: 'Audited Person', email: 'audited@example.in', phone: '9876543210' };
    for (const family of Object.values(requestFamilies)) {
      const json = requestExample(family.key, person, 'Audited Course');
      await step('POST', family.path, { anonymous: true, json });
      const [request] = await api.repository.list(family.key);
      const id = request?._id ?? '';
      await step('PATCH', `${family.path}/${id}`, {
        json: { status: family.statuses.at(-1), note: 'Called' },
      });
      await step('GET', exportPath(family.key));
      // Issue 22.6: a payment on an enrolment, and its receipt.
      if (family.key === 'enroll') {
        // Paid today: the enrolment's batch's course was made today, and no payment predates its course (§62).
        await step('POST', paymentPath(id), {
          json: { amount: 100_000, upiRef: 'UTR123456789', paidOn: utcToIstDay(api.clock.now.toISOString()) },
        });
        await step('GET', receiptPath(id));
        // The student's enrolment page link, revoked by staff.
        await step('POST', `${family.path}/${id}/page-link/revoke`);
      }
      await trashCycle(family.key, `${family.path}/${id}`, id);
    }
    await step('PUT', `${enrollCourseFamily.path}/${courseId}`, {
      json: { courseName: 'Audited Course, renamed', isActive: true },
    });
    await trashCycle(enrollCourseFamily.key, `${enrollCourseFamily.path}/${courseId}`, courseId);

    await step('PUT', statsFamily.path, { json: { totalCourses: 12 } });
    await step('PUT', settingsFamily.path, { json: { ...SITE_SETTINGS_SEED, phone: '+91 99999 00000' } });
    const versions = (await body(await api.admin(settingsRevisionsPath))).data as { rev: string }[];
    await step('POST', settingsRevisionRestorePath(versions.at(-1)?.rev ?? ''));

    const password = 'violet-harbour-lantern-42';
    const added = await step('POST', USERS_PATH, {
      json: { userId: 'audited', name: 'Audited', role: 'editor', password },
    });
    const accountId = ((await body(added)).data as { _id: string })._id;
    await step('PATCH', `${USERS_PATH}/${accountId}`, { json: { name: 'Audited Again' } });
    await step('PATCH', `${USERS_PATH}/${accountId}`, {
      json: { password: 'amber-orchard-compass-77', confirmPassword: 'amber-orchard-compass-77' },
    });
    await step('DELETE', `${USERS_PATH}/${accountId}`);

    await api.account({ userId: 'self-audit', password });
    const self = { session: api.session('self-audit') };
    await step('PATCH', ACCOUNT_PATHS.name, { ...self, json: { name: 'Self Audited' } });
    await step('DELETE', ACCOUNT_PATHS.sessions, self);
    await step('POST', ACCOUNT_PATHS.passkeyRegisterOptions, { ...self, json: {} });
    const next = 'copper-meadow-signal-58';
    await step('POST', ACCOUNT_PATHS.password, {
      ...self,
      json: { currentPassword: password, newPassword: next, confirmPassword: next },
    });

    await api.call(requestFamilies.contact.path, {
      method: 'POST',
      ip: ip(),
      json: { ...person, message: 'Erase me' },
    });
    await step('GET', `${ENQUIRY_PATHS.privacyExport}?email=audited%40example.in`);
    await step('POST', ENQUIRY_PATHS.privacyErase, { json: { email: 'audited@example.in' } });
    await step('GET', BACKUP_PATH);
    await step('POST', MARKDOWN_PICTURES_PATH, { form: multipart({}, { bytes: photo }) });

    const signedIn = await step('POST', AUTH_PATHS.login, {
      anonymous: true,
      json: { password: ADMIN_PASSWORD },
    });
    const token = /=([^;]*)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
    await step('POST', AUTH_PATHS.logout, { anonymous: true, session: token });
    await step('POST', ACCOUNT_PATHS.passkeyLoginOptions, { anonymous: true, json: {} });

    const left = ROUTES.filter(
      (route) =>
        (isWrite(route) || Array.isArray(route.audit)) &&
        !exercised.has(route) &&
        !AUTHENTICATOR.has(`${route.method} ${route.path}`),
    );
    expect(left.map(label)).toEqual([]);
  });
});
