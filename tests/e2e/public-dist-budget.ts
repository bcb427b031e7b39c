/**
 * Bytes a page ships, measured over the built dist/: every script it loads (external, inline, island
 * components and renderers, followed through their static and dynamic imports) and every stylesheet, gzipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  jsGzip: number;
  cssGzip: number;
  scripts: string[];
}

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

const IMPORT_PATTERNS = [
  /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  /\bexport\s*(?:\*|{[^}]*})\s*from\s*["']([^"']+)["']/g,
];

/**
 * `htmlFile` names the page in messages; its HTML is read from dist/ unless given (a page rendered on demand,
 * fetched from the runner). Scripts and stylesheets always come from dist/.
 */
export function measurePage(distDir: string, htmlFile: string, pageHtml?: string): PageWeight {
  const html = pageHtml ?? readFileSync(join(distDir, htmlFile), 'utf8');
  const seen = new Set<string>();
  let jsGzip = 0;
  const visit = (url: string, from = '/') => {
    const resolved = new URL(url, `http://x${from}`).pathname;
    if (seen.has(resolved)) return;
    seen.add(resolved);
    const file = join(distDir, resolved);
    if (!existsSync(file)) throw new Error(`${htmlFile}: missing script ${resolved}`);
    const code = readFileSync(file, 'utf8');
    jsGzip += gz(code);
    for (const pattern of IMPORT_PATTERNS)
      for (const match of code.matchAll(pattern)) visit(match[1]!, resolved);
  };
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1]!;
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) visit(src);
    else {
      jsGzip += gz(match[2]!);
      for (const pattern of IMPORT_PATTERNS) for (const m of match[2]!.matchAll(pattern)) visit(m[1]!);
    }
  }
  for (const match of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) visit(match[1]!);
  let cssGzip = 0;
  for (const match of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g))
    cssGzip += gz(readFileSync(join(distDir, match[1]!)));
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) cssGzip += gz(match[1]!);
  return { jsGzip, cssGzip, scripts: [...seen] };
}
