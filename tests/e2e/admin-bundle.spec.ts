/**
 * What the built admin ships (read from dist/, no browser): no password or server code in any admin script, a
 * first load within the 150 KB gzip budget with the screens split off, and no admin code on public pages.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CONFIRM } from '../../src/lib/staff-messages.ts';
import { E2E_ADMIN_PASSWORD } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const dist = resolve(import.meta.dirname, '../../dist');
const localData = resolve(import.meta.dirname, '../../.local');
const ADMIN_FIRST_LOAD_BUDGET = 150 * 1024;

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g;
/** Vite's preload map names the chunks a lazy import needs, relative to the site root. */
const PRELOAD_DEP = /["'`](_astro\/[^"'`]+\.js)["'`]/g;

/**
 * The scripts of a page: entry, island, renderer and their static imports; with `lazy`, also every chunk a
 * lazily loaded screen pulls in. Returns the files and their gzip size (inline scripts included).
 */
function scriptsOf(htmlFile: string, lazy: boolean, pageHtml?: string): { files: string[]; gzip: number } {
  const html = pageHtml ?? readFileSync(join(dist, htmlFile), 'utf8');
  const seen = new Set<string>();
  let gzip = 0;
  const visit = (url: string, from = '/') => {
    const path = new URL(url, `http://x${from}`).pathname;
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(join(dist, path), 'utf8');
    gzip += gzipSync(code, { level: 9 }).length;
    for (const match of code.matchAll(STATIC_IMPORT)) visit(match[1]!, path);
    if (!lazy) return;
    for (const match of code.matchAll(DYNAMIC_IMPORT)) visit(match[1]!, path);
    for (const match of code.matchAll(PRELOAD_DEP)) visit(`/${match[1]!}`);
  };
  for (const match of html.matchAll(/(?:\bsrc|component-url|renderer-url)="([^"]+\.js)"/g)) visit(match[1]!);
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)) {
    gzip += gzipSync(match[1]!, { level: 9 }).length;
    for (const found of match[1]!.matchAll(/["'`](\/_astro\/[^"'`]+\.js)["'`]/g)) visit(found[1]!);
  }
  return { files: [...seen], gzip };
}

const read = (file: string) => readFileSync(join(dist, file), 'utf8');
/**
 * The public pages: those pre-rendered into dist/, and those rendered on demand (they show stored content), asked
 * of the runner.
 */
const builtPages = () =>
  readdirSync(dist).filter((file) => file.endsWith('.html') && file !== 'deltaadmin.html');
const RENDERED_PAGES = [
  '/',
  '/about',
  '/services',
  '/career',
  '/contact',
  '/enroll',
  '/courses',
  '/articles',
  '/case-studies',
  '/verify',
  '/security',
  '/privacy-policy',
];

test.describe('built admin bundle', () => {
  test.skip(!existsSync(join(dist, 'deltaadmin.html')), 'needs the built site in dist/');

  test('the admin page mounts one client-only app and is not indexed', () => {
    const html = read('deltaadmin.html');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(html.match(/<astro-island\b/g)).toHaveLength(1);
    expect(html).toMatch(/client="only"/);
  });

  test('no admin script holds a password, a secret or server code', () => {
    const scripts = scriptsOf('deltaadmin.html', true).files;
    expect(scripts.length).toBeGreaterThan(3);
    const code = scripts.map(read).join('\n');
    // The lazily loaded screens are in the set too.
    expect(code).toContain(CONFIRM.career);
    expect(code).not.toContain(E2E_ADMIN_PASSWORD);
    // The local runner's generated credentials, wherever a data directory holds them.
    for (const dir of existsSync(localData) ? readdirSync(localData) : []) {
      const file = join(localData, dir, 'dev-secrets.json');
      if (!existsSync(file)) continue;
      const secrets = JSON.parse(readFileSync(file, 'utf8')) as {
        adminPassword: string;
        sessionSecret: string;
      };
      expect(code).not.toContain(secrets.adminPassword);
      expect(code).not.toContain(secrets.sessionSecret);
    }
    // No hashing, signing or storage code (the names of the variables do appear, in the not-configured message).
    for (const marker of [
      'scrypt',
      'pbkdf2',
      'createHmac',
      'timingSafeEqual',
      '@upstash',
      'netlify/blobs',
      'sharp',
    ]) {
      expect(code, marker).not.toContain(marker);
    }
  });

  test(`the first load stays within ${ADMIN_FIRST_LOAD_BUDGET / 1024} KB gzip, with the screens split off`, () => {
    const { files, gzip } = scriptsOf('deltaadmin.html', false);
    const all = scriptsOf('deltaadmin.html', true).files;
    console.log(
      `admin first load: ${(gzip / 1024).toFixed(1)} KB gzip in ${files.length} files; ${all.length} files in all`,
    );
    expect(gzip).toBeLessThanOrEqual(ADMIN_FIRST_LOAD_BUDGET);
    // Each screen is its own chunk, fetched only when opened.
    for (const screen of ['ContentScreen', 'RequestsScreen', 'CoursesScreen', 'StatsScreen']) {
      expect(
        files.some((file) => file.includes(screen)),
        screen,
      ).toBe(false);
      expect(
        all.some((file) => file.includes(screen)),
        screen,
      ).toBe(true);
    }
  });

  test('public pages reference no admin code', async ({ request }) => {
    const adminOnly = scriptsOf('deltaadmin.html', true).files.filter((file) =>
      /AdminApp|Screen|admin/i.test(file),
    );
    expect(adminOnly.length).toBeGreaterThan(0);
    const pages = [
      ...builtPages().map((file) => ({ page: file, html: read(file) })),
      ...(await Promise.all(
        RENDERED_PAGES.map(async (path) => {
          const response = await request.get(path);
          expect(response.status(), path).toBe(200);
          return { page: path, html: await response.text() };
        }),
      )),
    ];
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const { page, html } of pages) {
      expect(html, page).not.toMatch(/AdminApp|deltaadmin\.|admin\.css/i);
      const scripts = scriptsOf(page, true, html).files;
      for (const file of adminOnly) expect(scripts, page).not.toContain(file);
      const code = scripts.map(read).join('\n');
      // Markers that live only in src/admin (the shared message catalogue may be bundled with public code).
      for (const marker of [
        'adminLoggedIn',
        'Admin Login',
        'Enrollable Courses',
        'Export CSV',
        'XMLHttpRequest',
      ]) {
        expect(code, `${page}: ${marker}`).not.toContain(marker);
      }
    }
  });
});
