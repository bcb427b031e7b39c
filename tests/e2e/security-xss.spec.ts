/**
 * Stored XSS (docs/design.md (Quality) "Reliability and security"): script and event-handler payloads saved through the API —
 * in every text field of one item of every content family, a course, a contact message and an enrolment — render
 * as inert text on every public page (rebuilt, islands hydrated) and on every admin screen, and the CSV export
 * keeps them as data. The one link field is a career's How to apply (issue 21; images are uploads): a
 * `javascript:` link and the payload are refused there, and a valid link carrying the payload's characters is
 * planted instead, to render as an inert attribute.
 */
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import sharp from 'sharp';
import { SCREENS, screenHref, type ScreenRoute } from '../../src/admin/stores/router.ts';
import {
  contentFamilies,
  enrollCourseFamily,
  exportPath,
  requestFamilies,
  statsFamily,
  type ContentFamilyKey,
  type RequestFamilyKey,
} from '../../src/lib/collections.ts';
import { SERVICE_POINTS_MIN } from '../../src/lib/constants.ts';
import { ALT_FIELD, valueFields } from '../../src/lib/fields.ts';
import type {
  CatalogueFamilyKey,
  LookupFamilyKey,
  PublicContentFamilyKey,
} from '../../src/families/index.ts';
import type { Covers } from '../support/covers.ts';
import { plantsGenerically } from '../support/family-payloads.ts';
import { expect, projectBaseURL, test, useAdminSession } from './fixtures.ts';
import { skipSplash } from './public-helpers.ts';
import { hydrateAllIslands, probeSecurity, PUBLIC_PAGES, type SecurityProbe } from './security-probes.ts';

type Kind = ContentFamilyKey | RequestFamilyKey | 'enrollCourse';

// Element content, a quoted attribute break-out, unquoted handlers, and template syntax a renderer might evaluate.
const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror=window.__xss=1>"><svg onload=window.__xss=1>{{7*7}}\${7*7}`;
const RUN = `x${Date.now().toString(36).slice(-5)}`;
let counter = 0;
/** A payload behind a fixed-width tag of its own: short enough for 120-character fields, findable in raw HTML. */
const payload = () => `${RUN}${(counter += 1).toString(36).padStart(2, '0')} ${PAYLOAD}`;
/** What every payload measures: the families whose text fields are shorter are planted by specs of their own. */
const payloadLength = `${RUN}00 ${PAYLOAD}`.length;
/** A valid https link with the payload's characters in its query: an href, never markup. */
const APPLY_LINK = `https://example.com/apply?q="><svg onload=window.__xss=1>`;
/** The same without spaces, for web-address fields (which refuse whitespace): still an href, never markup. */
const WEB_LINK = `https://example.com/x?q="><svg/onload=window.__xss=1>`;

/** Where the public pages show each kind: as page text, and inside the JSON-LD script element. */
const PUBLIC_PLACES = {
  // The JSON-LD of / and /enroll names catalogue courses only (decisions §66): see courses-catalogue.spec.ts.
  '/': { text: ['homeContent', 'homeService', 'homeCourse', 'learnerTestimonial'], jsonLd: [] },
  '/about': { text: [], jsonLd: [] },
  '/services': { text: ['homeContent', 'serviceContent'], jsonLd: [] },
  '/career': { text: ['career'], jsonLd: [] },
  '/contact': { text: [], jsonLd: [] },
  '/enroll': { text: ['enrollCourse'], jsonLd: [] },
  '/privacy-policy': { text: [], jsonLd: [] },
  // The catalogue's pages (issue 22) are checked with payloads of their own in courses-catalogue.spec.ts.
  '/courses': { text: [], jsonLd: [] },
  '/security': { text: ['hallOfFame'], jsonLd: [] },
  // Issue 25.3: the index shows every text of a study (/services cards a part of them).
  '/case-studies': { text: ['caseStudy'], jsonLd: [] },
  // Articles (issue 24) are checked with payloads of their own (body, title, summary) in articles.spec.ts.
  '/articles': { text: [], jsonLd: [] },
} satisfies Record<(typeof PUBLIC_PAGES)[number], { text: Kind[]; jsonLd: Kind[] }>;
// Every family visitors read shows on some page here (tests/support/covers.ts).
type Placed = (typeof PUBLIC_PLACES)[keyof typeof PUBLIC_PLACES]['text'][number];
// Certificates are no public family: visitors see one at a time on /verify/{number}, rendered live.
const _everyPublicFamily: Covers<
  Exclude<PublicContentFamilyKey, CatalogueFamilyKey | 'article'> | LookupFamilyKey,
  Placed
> = true;
const ADMIN_PLACES: Record<ScreenRoute, Kind | null> = {
  homeContent: 'homeContent',
  homeServices: 'homeService',
  homeCourses: 'homeCourse',
  serviceContent: 'serviceContent',
  career: 'career',
  // The catalogue's screens are checked for inert rendering only here: their payloads are planted by
  // courses-catalogue.spec.ts, whose items need typed values (dates, money, references).
  trainers: null,
  catalogueCourses: null,
  batches: null,
  // Certificates are staff only; their public page escapes what it shows (tests/integration/certificates.test.ts).
  certificates: null,
  hallOfFame: 'hallOfFame',
  caseStudies: 'caseStudy',
  // Issue 24: an article's form needs an author reference; its payloads are planted by articles.spec.ts.
  articles: null,
  learnerTestimonials: 'learnerTestimonial',
  contactData: 'contact',
  enrollData: 'enroll',
  assessmentData: 'assessment',
  courses: 'enrollCourse',
  stats: null,
  privacy: null,
  siteSettings: null,
  // The trash shows titles of deleted items; the XSS items are live while the screens are checked.
  trash: null,
  // Issue 13: no stored content is listed on these (the activity log names content by title only as text).
  account: null,
  team: null,
  activity: null,
  // Issue 26: the queue names items by title as text, and the local runner's budget queues nothing.
  publishing: null,
  // Issue 24.3: titles of scheduled items, shown as text like the trash's.
  scheduled: null,
  // Issue 41: lead sources and course names, shown as text nodes of the tables and the SVG's labels.
  insights: null,
};

/** The stored values each kind displays, filled by beforeAll. */
const shown = {} as Record<Kind, string[]>;
const cleanups: (() => Promise<unknown>)[] = [];
let api: APIRequestContext;
let visitor: APIRequestContext;

/** Polls every public page's HTML until the build shows this run's items (or, after cleanup, none of them). */
async function waitForBuild(present: boolean) {
  for (const path of PUBLIC_PAGES) {
    const tags = present
      ? PUBLIC_PLACES[path].text.flatMap((kind) => shown[kind]).map((v) => v.split(' ')[0]!)
      : [];
    await expect
      .poll(
        async () => {
          const html = await (await api.get(path)).text();
          return present ? tags.every((tag) => html.includes(tag)) : !html.includes(RUN);
        },
        { message: `${path} rebuilt`, timeout: 120_000, intervals: [1_000] },
      )
      .toBe(true);
  }
}

/** An element whose whole text is the value and that shows, or an option of a select that shows. */
const asText = (page: Page, value: string) =>
  page
    .getByText(value, { exact: true })
    .filter({ visible: true })
    .or(page.locator('select').filter({ visible: true }).getByRole('option', { name: value, exact: true }))
    .first();

/** Nothing ran, opened, was injected or was blocked: the page treated every payload as text. */
async function expectInert(page: Page, probe: SecurityProbe) {
  const injected = await page.evaluate(() => [
    ...((window as { __xss?: unknown }).__xss !== undefined ? ['window.__xss was set'] : []),
    ...Array.from(
      document.querySelectorAll('img[src="x"], svg[onload], [onerror], [onload]'),
      (e) => e.outerHTML,
    ),
    ...Array.from(document.querySelectorAll('script:not([type="application/ld+json"])'))
      .filter((script) => script.textContent?.includes('__xss'))
      .map((script) => script.outerHTML),
  ]);
  expect(injected).toEqual([]);
  expect(probe.dialogs).toEqual([]);
  expect(await probe.violations()).toEqual([]);
}

test.describe('stored XSS payloads', () => {
  // One expensive setup (two site builds) for every check: a failure skips the rest rather than rebuilding.
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async ({ playwright, adminCookies }, testInfo) => {
    test.setTimeout(240_000);
    const baseURL = projectBaseURL(testInfo.project.use);
    const headers = { Origin: baseURL };
    api = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: headers,
      storageState: { cookies: adminCookies, origins: [] },
    });
    visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
    const image = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#0a5' } })
      .jpeg()
      .toBuffer();

    const created = async (path: string, response: Promise<APIResponse>) => {
      const answer = await response;
      expect(answer.status(), await answer.text()).toBe(201);
      const { data } = (await answer.json()) as { data: { _id: string } };
      cleanups.push(() => api.delete(`${path}/${data._id}`));
    };
    // Every text field of every content family a generic payload can create (tests/support/family-payloads.ts),
    // so a new family or text field is covered without editing this. The rest have specs of their own: articles
    // (markdown body, author) in articles.spec.ts, the catalogue's courses and batches in courses-catalogue.spec.ts,
    // certificates (staff only) in certificates.test.ts.
    const writes = Object.values(contentFamilies)
      .filter(plantsGenerically(payloadLength))
      .map((family) => {
        // Free text only: a choice, a count or a slug refuses the payload (and a yes/no left out is no).
        const texts = valueFields(family.fields).filter(
          (field) =>
            (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'points') &&
            !('format' in field && field.format),
        );
        const body = Object.fromEntries(
          texts.map((field) => [
            field.name,
            field.kind === 'points' ? Array.from({ length: SERVICE_POINTS_MIN }, payload) : payload(),
          ]),
        );
        shown[family.key] = Object.values(body).flat();
        for (const field of valueFields(family.fields))
          if ('format' in field && field.format === 'applyTo') body[field.name] = APPLY_LINK;
          else if (field.kind === 'url') body[field.name] = WEB_LINK;
          else if (field.kind === 'date') body[field.name] = '2026-11-20';
          else if (field.kind === 'select') body[field.name] = field.options[0]?.value ?? '';
        // The alt text lands in an attribute, not in page text: it is planted for the inertness checks only.
        // A text shown only with consent (issue 23.8: a learner's name and course) is planted with the consent given.
        const consent = Object.fromEntries(
          texts.flatMap((field) => (field.publicWhen ? [[field.publicWhen, true]] : [])),
        );
        const planted = { ...body, ...consent, ...(family.image ? { [ALT_FIELD]: payload() } : {}) };
        const multipart = {
          ...Object.fromEntries(
            Object.entries(planted).map(([k, v]) => [k, Array.isArray(v) ? JSON.stringify(v) : v]),
          ),
          ...(family.image?.requiredOnCreate
            ? { image: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: image } }
            : {}),
        };
        return created(
          family.path,
          api.post(family.path, family.multipart ? { multipart } : { data: planted }),
        );
      });
    const courseName = payload();
    shown.enrollCourse = [courseName];
    writes.push(
      created(enrollCourseFamily.path, api.post(enrollCourseFamily.path, { data: { courseName } })),
    );
    // At once, so the writes share one rebuild window instead of each starting a build of its own.
    await Promise.all(writes);

    // Messages start with formula characters, for the CSV export.
    const person = { email: 'xss@example.com', phone: '+91 98765 43210' };
    const submissions: Record<RequestFamilyKey, Record<string, unknown> & { name: string }> = {
      contact: { ...person, name: payload(), message: `=${payload()}` },
      enroll: { ...person, name: payload(), course: courseName, message: `@${payload()}` },
      assessment: {
        ...person,
        organisation: payload(),
        name: payload(),
        scope: { webApps: 1 },
        environment: 'staging',
        nda: 'no',
        wantedBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        notes: `=${payload()}`,
      },
    };
    for (const [key, data] of Object.entries(submissions) as [RequestFamilyKey, Record<string, unknown>][]) {
      const family = requestFamilies[key];
      expect((await visitor.post(family.path, { data })).status()).toBe(201);
      shown[key] = ['name', 'message', 'course', 'organisation', 'notes']
        .map((field) => data[field])
        .filter((value): value is string => typeof value === 'string');
      // A submission answers without its id: find it by the run's tag.
      cleanups.push(async () => {
        const list = (await (await api.get(family.path)).json()) as { data: { _id: string; name: string }[] };
        const mine = list.data.filter((item) => item.name.startsWith(RUN));
        await Promise.all(mine.map((item) => api.delete(`${family.path}/${item._id}`)));
      });
    }
    await waitForBuild(true);
  });

  test.afterAll(async () => {
    test.setTimeout(180_000);
    // Later specs expect the demo content alone, in the store and in the built pages.
    await Promise.all(cleanups.map((cleanup) => cleanup()));
    await waitForBuild(false);
    await api.dispose();
    await visitor.dispose();
  });

  test('fields with a fixed format refuse the payload', async () => {
    const contact = { name: payload(), email: 'xss@example.com', phone: '+91 98765 43210', message: 'Hi' };
    const refusals: [APIRequestContext, 'post' | 'put', string, Record<string, unknown>, string][] = [
      [visitor, 'post', requestFamilies.contact.path, { ...contact, email: PAYLOAD }, 'email'],
      [visitor, 'post', requestFamilies.contact.path, { ...contact, phone: PAYLOAD }, 'phone'],
      // An enrolment must name an offered course, so a payload cannot reach the lists as a new course.
      [visitor, 'post', requestFamilies.enroll.path, { ...contact, course: PAYLOAD }, 'course'],
      [api, 'put', statsFamily.path, { totalCourses: PAYLOAD }, 'totalCourses'],
    ];
    for (const [client, method, path, data, field] of refusals) {
      const response = await client[method](path, { data });
      expect(response.status(), `${field} on ${path}`).toBe(400);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual([field]);
    }
    // A career's How to apply takes only an e-mail address or an https link.
    const career = contentFamilies.career;
    const before = await (await api.get(`${career.path}?drafts=1`)).json();
    for (const applyTo of ['javascript:window.__xss=1', PAYLOAD, `${PAYLOAD}@example.com`]) {
      const response = await api.post(career.path, {
        multipart: { title: payload(), description: 'x', points: JSON.stringify(['x']), applyTo },
      });
      expect(response.status(), applyTo).toBe(400);
      expect(Object.keys(((await response.json()) as { errors: object }).errors)).toEqual(['applyTo']);
    }
    expect(await (await api.get(`${career.path}?drafts=1`)).json()).toEqual(before);
    const contacts = (await (await api.get(requestFamilies.contact.path)).json()) as {
      data: { name: string }[];
    };
    expect(contacts.data.filter((item) => item.name === contact.name)).toEqual([]);
  });

  for (const path of PUBLIC_PAGES) {
    test(`public page ${path} shows the payloads as text`, async ({ page }) => {
      const probe = await probeSecurity(page);
      await skipSplash(page);
      await page.goto(path);
      await hydrateAllIslands(page);
      for (const value of PUBLIC_PLACES[path].text.flatMap((kind) => shown[kind])) {
        // Slides rotate every 3 s: each one shows in turn.
        await expect(asText(page, value)).toBeAttached({ timeout: 30_000 });
      }
      // "</script>" inside the JSON-LD must not end the element early: every block still parses.
      const jsonLd = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) =>
          scripts.map((script) => JSON.stringify(JSON.parse(script.textContent ?? ''))),
        );
      for (const value of PUBLIC_PLACES[path].jsonLd.flatMap((kind) => shown[kind]))
        expect(jsonLd.join()).toContain(JSON.stringify(value).slice(1, -1));
      await expectInert(page, probe);
    });
  }

  for (const screen of SCREENS) {
    test(`admin screen ${screen.label} shows the payloads as text`, async ({ page, adminCookies }) => {
      const probe = await probeSecurity(page);
      await useAdminSession(page, adminCookies);
      await page.goto(screenHref(screen.path));
      await expect(page.getByRole('heading', { level: 1, name: screen.label })).toBeVisible();
      const kind = ADMIN_PLACES[screen.route];
      // The list loads after the session check, two function calls that can take seconds on a busy machine.
      for (const value of kind ? shown[kind] : [])
        await expect(asText(page, value)).toBeAttached({ timeout: 30_000 });
      if (kind && kind in contentFamilies) {
        // The edit form takes the stored title back as an input value, not as markup.
        const title = shown[kind][0]!;
        await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
        const family = contentFamilies[kind as ContentFamilyKey];
        const titleField = valueFields(family.fields).find((field) => field.name === family.titleField);
        const titleLabel = titleField?.label ?? 'Title';
        await expect(page.getByLabel(titleLabel, { exact: true })).toHaveValue(title);
      }
      await expectInert(page, probe);
    });
  }

  test('the CSV export keeps the payloads as quoted text, never as formulas', async () => {
    for (const key of Object.keys(requestFamilies) as RequestFamilyKey[]) {
      const csv = await (await api.get(exportPath(key))).text();
      for (const value of shown[key]) {
        // src/server/csv.ts: a leading =, +, -, @ gets an apostrophe; quotes are doubled inside a quoted cell.
        const cell = /^[=+\-@]/.test(value) ? `'${value}` : value;
        expect(csv, `${key}: ${value}`).toContain(`"${cell.replaceAll('"', '""')}"`);
      }
    }
  });
});
