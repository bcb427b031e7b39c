/**
 * What validators see in the site's pages: those still built into dist/ (the admin's shell, the 500 page), and those
 * rendered on demand, fetched from the runner (every address of the sitemap, and the pages it leaves out), from the
 * seeded store. Every page is valid HTML by the W3C Nu HTML checker (vnu-jar, run offline on Java 11+): the pages
 * are copied first and checked in one Java run, since the JVM's start is most of the cost. Every page's structured
 * data keeps Google's course rules.
 */
import type { APIRequestContext } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { googleCourseProblems } from '../support/google-course-rules.ts';
import { expect, test } from './fixtures.ts';

const DIST = join(import.meta.dirname, '../../dist');
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Every built page's HTML by its path under dist/, read as one build made them: a rebuild renames dist/ away and its
 * successor in, so a read caught between the two is made again.
 */
function builtFiles(): Map<string, string> {
  for (let attempt = 1; ; attempt++) {
    try {
      const paths = readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((path) =>
        path.endsWith('.html'),
      );
      return new Map(paths.map((path) => [path, readFileSync(join(DIST, path), 'utf8')]));
    } catch (error) {
      if (attempt >= 5 || (error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
    }
  }
}

/** Pages rendered on demand that the sitemap leaves out (not for sharing or not pages to index). */
const UNLISTED_PAGES = ['/verify', '/services/assessment-received', '/404'];

/**
 * Every page of the site by the path its file had when all were built (`index.html`, `courses/x.html`): the files
 * still in dist/ and, fetched from the runner, the pages rendered on demand.
 */
async function builtPages(request: APIRequestContext): Promise<Map<string, string>> {
  const pages = builtFiles();
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname),
    ...UNLISTED_PAGES,
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect([200, 404], path).toContain(response.status());
    pages.set(`${path === '/' ? 'index' : path.slice(1)}.html`, await response.text());
  }
  return pages;
}

/** The JSON-LD blocks of a built page, each parsed. */
const jsonLdOf = (html: string): unknown[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  );

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the W3C Nu HTML checker finds no error on any built page', async ({ request }) => {
  test.setTimeout(240_000);
  const copy = mkdtempSync(join(tmpdir(), 'vnu-pages-'));
  try {
    const built = await builtPages(request);
    for (const [page, html] of built) {
      mkdirSync(dirname(join(copy, page)), { recursive: true });
      writeFileSync(join(copy, page), html);
    }
    const pages = [...built.keys()];
    expect(pages.length).toBeGreaterThan(20);
    const run = spawnSync(
      'java',
      ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...pages.map((page) => join(copy, page))],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    expect(
      run.error,
      'java must be installed (scripts/provision.sh installs default-jre-headless)',
    ).toBeUndefined();
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map((message) => {
        const page = message.url ? relative(copy, new URL(message.url).pathname) : '?';
        return `${page}:${message.lastLine ?? '?'}: ${message.message} ${message.extract ?? ''}`.trim();
      });
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

test("every page's structured data keeps Google's course rules, and the home page marks up catalogue courses only", async ({
  request,
}) => {
  const built = await builtPages(request);
  const problems = [...built].flatMap(([page, html]) =>
    googleCourseProblems(jsonLdOf(html)).map((problem) => `${page} ${problem}`),
  );
  expect(problems).toEqual([]);
  const home = jsonLdOf(built.get('index.html') ?? '').flat() as Record<string, unknown>[];
  const list = home.find((entry) => entry['@type'] === 'ItemList') as { itemListElement: { url: string }[] };
  const coursePages = [...built.keys()].filter((page) => /^courses\/[^/]+\.html$/.test(page));
  expect(list.itemListElement.length).toBeGreaterThan(0);
  for (const { url } of list.itemListElement)
    expect(coursePages, url).toContain(`${new URL(url).pathname.slice(1)}.html`);
});

/**
 * Pages a visitor may share: every built page but the admin's shell, the error pages (404, 500) and the redirects of
 * renamed pages.
 */
const publicPages = async (request: APIRequestContext) =>
  [...(await builtPages(request))].filter(
    ([page, html]) =>
      !['404.html', '500.html', 'deltaadmin.html'].includes(page) && !/http-equiv="refresh"/.test(html),
  );

const metaContent = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

test('every public page has a canonical and a share picture with its width, height and text', async ({
  request,
}) => {
  const pages = await publicPages(request);
  expect(pages.length).toBeGreaterThan(20);
  const lacking = pages.flatMap(([page, html]) => {
    const found = {
      canonical: /<link rel="canonical" href="https?:\/\/[^"]+"/.test(html),
      'og:image': /^https?:\/\//.test(metaContent(html, 'og:image') ?? ''),
      'og:image:width': metaContent(html, 'og:image:width') === '1200',
      'og:image:height': metaContent(html, 'og:image:height') === '630',
      'og:image:alt': (metaContent(html, 'og:image:alt') ?? '').trim().length > 0,
    };
    return Object.entries(found)
      .filter(([, ok]) => !ok)
      .map(([name]) => `${page}: ${name}`);
  });
  expect(lacking).toEqual([]);
});

test('the RSS feed names its own address with atom:link rel="self"', async ({ request }) => {
  const feed = await (await request.get('/rss.xml')).text();
  expect(feed).toMatch(/<rss\b[^>]*\bxmlns:atom="http:\/\/www\.w3\.org\/2005\/Atom"/);
  const self = /<channel>[\s\S]*<atom:link href="([^"]+)" rel="self" type="application\/rss\+xml"\/>/.exec(
    feed,
  );
  expect(self?.[1]).toMatch(/^https?:\/\/[^/]+\/rss\.xml$/);
});

test("security.txt's Expires is in the future and under a year ahead", async ({ request }) => {
  const asked = Date.now();
  const text = await (await request.get('/.well-known/security.txt')).text();
  const expires = Date.parse(/^Expires: (.+)$/m.exec(text)?.[1] ?? '');
  expect(expires).toBeGreaterThan(Date.now());
  // Under a year with room to spare, measured from when it was rendered (no earlier than it was asked for).
  expect(expires - asked).toBeLessThan(335 * 24 * 60 * 60 * 1000);
});
