/**
 * 2. Bytes each public page ships: the HTML (asked of the runner, as pages that show stored content are rendered on
 * demand; read from dist/ for the pre-rendered ones), and from the built dist/ its stylesheets (linked and inline), and
 * every script it can run — external and inline scripts, modulepreloads, Astro island component-url and
 * renderer-url, each followed through its static and dynamic imports — raw and gzipped (level 9, as the budget
 * test measures). Images on first view come from the recorded page views (mobile viewport, no scrolling).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './support/context.ts';
import { PUBLIC_PAGES } from './support/pages.ts';
import type { Row } from './support/table.ts';

/** docs/design.md (Quality): pages with React islands ≤ 80 KB of JS, the two without ≤ 5 KB; CSS ≤ 20 KB (all gzip). */
const JS_BUDGET_KB: Record<string, number> = {
  '/': 80,
  '/services': 80,
  '/contact': 80,
  '/enroll': 80,
  '/about': 5,
  '/career': 5,
};
const CSS_BUDGET_KB = 20;

const IMPORT_PATTERNS = [
  /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  /\bexport\s*(?:\*|{[^}]*})\s*from\s*["']([^"']+)["']/g,
];

const gzip = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;

export interface PageBytes {
  html: { raw: number; gzip: number };
  css: { raw: number; gzip: number; files: string[] };
  js: { raw: number; gzip: number; files: string[] };
}

const attribute = (attrs: string, name: string) => new RegExp(`\\b${name}=["']([^"']+)["']`).exec(attrs)?.[1];

/** `pageHtml`: the page as the runner answered it (rendered on demand); else its file in dist/. */
export function measureDistPage(distDir: string, htmlFile: string, pageHtml?: string): PageBytes {
  const html = pageHtml === undefined ? readFileSync(join(distDir, htmlFile)) : Buffer.from(pageHtml);
  const text = html.toString('utf8');
  const js = { raw: 0, gzip: 0, files: [] as string[] };
  const css = { raw: 0, gzip: 0, files: [] as string[] };
  const seen = new Set<string>();

  const addCode = (code: Buffer | string, from: string) => {
    js.raw += Buffer.byteLength(code);
    js.gzip += gzip(code);
    const source = code.toString();
    for (const pattern of IMPORT_PATTERNS) {
      for (const match of source.matchAll(pattern)) visitScript(match[1]!, from);
    }
  };
  const visitScript = (url: string, from = '/') => {
    if (/^(https?:)?\/\//.test(url)) throw new Error(`${htmlFile}: third-party script ${url}`);
    const path = new URL(url, `http://site${from}`).pathname;
    if (seen.has(path)) return;
    seen.add(path);
    const file = join(distDir, path);
    if (!existsSync(file)) throw new Error(`${htmlFile}: script ${path} is not in dist/`);
    js.files.push(path);
    addCode(readFileSync(file), path);
  };

  for (const match of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1]!;
    if (/type=["']application\/(ld\+)?json["']/.test(attrs)) continue;
    const src = attribute(attrs, 'src');
    if (src) visitScript(src);
    else if (match[2]!.trim()) addCode(match[2]!, '/');
  }
  for (const match of text.matchAll(/<link\b([^>]*)>/g)) {
    const attrs = match[1]!;
    const rel = attribute(attrs, 'rel') ?? '';
    const href = attribute(attrs, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') visitScript(href);
    if (rel === 'stylesheet') {
      const path = new URL(href, 'http://site/').pathname;
      const bytes = readFileSync(join(distDir, path));
      css.files.push(path);
      css.raw += bytes.length;
      css.gzip += gzip(bytes);
    }
  }
  for (const match of text.matchAll(/\b(?:component-url|renderer-url)=["']([^"']+)["']/g))
    visitScript(match[1]!);
  for (const match of text.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) {
    css.raw += Buffer.byteLength(match[1]!);
    css.gzip += gzip(match[1]!);
  }
  return { html: { raw: html.length, gzip: gzip(html) }, css, js };
}

const kb = (bytes: number) => bytes / 1000;

export const pageBytesBenchmark: Benchmark = {
  name: 'bytes',
  title: 'Bytes shipped per page',
  async run(context) {
    const views = await context.pageViews();
    const distDir = join(await context.siteRoot(), 'dist');
    const rows: Row[] = [];
    const notes: string[] = [
      'Bytes: KB = 1000 bytes. JS counts every script a page can run (dynamic imports included, so lazily loaded island code counts too); inline <style>/<script> count both in HTML and in CSS/JS. Images: the first view on a 412×823 phone viewport (DPR 1.75), no scrolling.',
    ];
    const { url } = await context.runner();
    for (const page of PUBLIC_PAGES) {
      const onDemand = !existsSync(join(distDir, page.file));
      const bytes = measureDistPage(
        distDir,
        page.file,
        onDemand ? await (await fetch(`${url}${page.path}`)).text() : undefined,
      );
      const images = (views.find((view) => view.path === page.path)?.requests ?? []).filter(
        (request) => request.resourceType === 'image' && request.status < 400,
      );
      const nonWebp = images.filter((request) => !/image\/(webp|svg\+xml|avif)/.test(request.contentType));
      const imageBytes = images.reduce((total, request) => total + request.bodyBytes, 0);
      const bench = 'Bytes';
      rows.push(
        {
          bench,
          subject: page.path,
          metric: 'HTML raw / gzip',
          value: `${kb(bytes.html.raw).toFixed(1)} / ${kb(bytes.html.gzip).toFixed(1)}`,
          unit: 'KB',
        },
        { bench, subject: page.path, metric: 'CSS raw', value: kb(bytes.css.raw), unit: 'KB' },
        {
          bench,
          subject: page.path,
          metric: 'CSS gzip',
          value: kb(bytes.css.gzip),
          unit: 'KB',
          target: `≤ ${CSS_BUDGET_KB}`,
          ok: kb(bytes.css.gzip) <= CSS_BUDGET_KB,
        },
        {
          bench,
          subject: page.path,
          metric: `JS raw (${bytes.js.files.length} files)`,
          value: kb(bytes.js.raw),
          unit: 'KB',
        },
        {
          bench,
          subject: page.path,
          metric: 'JS gzip',
          value: kb(bytes.js.gzip),
          unit: 'KB',
          target: `≤ ${JS_BUDGET_KB[page.path]}`,
          ok: kb(bytes.js.gzip) <= (JS_BUDGET_KB[page.path] ?? 0),
        },
        {
          bench,
          subject: page.path,
          metric: `Images on first view (${images.length})`,
          value: kb(imageBytes),
          unit: 'KB',
        },
      );
      if (nonWebp.length > 0) {
        notes.push(
          `${page.path}: images on first view that are not WebP/SVG: ${nonWebp.map((r) => `${r.path} (${r.contentType})`).join(', ')}.`,
        );
      }
    }
    return { rows, notes };
  },
};
