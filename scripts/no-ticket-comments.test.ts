import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Comments under src/ say why the code is as it is, in the present; the ticket that asked for it belongs in
 * docs/decisions.md, where a reader can follow it. Only comments are read: a test name or a string shown to people
 * may still name a ticket.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const SRC = join(ROOT, 'src');
// A number on the comment's next line counts too (`issue\n * 21`).
const TICKET = /\b[Ii]ssues?\s+(?:\*\s*|\/\/\s*)?[0-9]+/;

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** The comments of a TypeScript source, each once: every node's leading and trailing comment ranges. */
function scriptComments(text: string, fileName: string): string[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node): void => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.forEachChild(visit);
  };
  visit(source);
  // JSX text holds `{/* … */}` comments the ranges above do not reach.
  for (const match of text.matchAll(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g)) found.set(match.index, match[0]);
  return [...found.values()];
}

/** An Astro page's comments: its frontmatter's, then the template's HTML, JSX and script comments. */
function astroComments(text: string, fileName: string): string[] {
  const fence = /^---\n([\s\S]*?)\n---\n/.exec(text);
  const template = fence ? text.slice(fence[0].length) : text;
  const templateComments = [...template.matchAll(/<!--[\s\S]*?-->|\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm)].map(
    (match) => match[0],
  );
  return [...(fence ? scriptComments(fence[1] ?? '', `${fileName}.ts`) : []), ...templateComments];
}

function comments(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  if (/\.(ts|tsx|mts)$/.test(path)) return scriptComments(text, path);
  if (path.endsWith('.astro')) return astroComments(text, path);
  if (path.endsWith('.css')) return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((match) => match[0]);
  return [];
}

describe('comments under src/', () => {
  const cited = files(SRC)
    .map((path) => relative(ROOT, path))
    .filter((path) => comments(join(ROOT, path)).some((comment) => TICKET.test(comment)));

  it('say why without a ticket number (the history is in docs/decisions.md)', () => {
    expect(cited).toEqual([]);
  });

  it('are found by the check (it reads block, line, JSX, HTML and CSS comments)', () => {
    const sample = '/** a (issue 12) */\nconst a = 1; // issue 3\nconst b = <p>{/* issue 4 */}</p>;\n';
    expect(scriptComments(sample, 'sample.tsx').filter((comment) => TICKET.test(comment))).toHaveLength(3);
    expect(scriptComments("it('names it (issue 22)', () => {});\n", 'a.ts')).toEqual([]);
    expect(
      TICKET.test(scriptComments('/**\n * slow on a phone (issue\n * 21.22).\n */\n', 'b.ts')[0] ?? ''),
    ).toBe(true);
    expect(astroComments('---\n// issue 5\n---\n<!-- issue 6 -->\n<p>x</p>\n', 'a.astro')).toHaveLength(2);
  });
});
