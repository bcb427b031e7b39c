/**
 * The files the deployed functions reach (netlify/functions/* and every module they import, types too, followed
 * through relative specifiers) and their line counts: a file past the limit is split along its seams rather than
 * left to grow (docs/decisions.md §79). `node scripts/function-file-sizes.ts` prints those over the limit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const FUNCTION_FILE_LINE_LIMIT = 400;

const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g;

/** Every module reached from the function files, by path relative to `root`, with its line count. */
export function functionFileSizes(root: string): Map<string, number> {
  const functions = join(root, 'netlify/functions');
  const queue = readdirSync(functions)
    .filter((name) => /\.m?ts$/.test(name))
    .map((name) => join(functions, name));
  const sizes = new Map<string, number>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    const name = relative(root, file);
    if (sizes.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    sizes.set(name, text.split('\n').length - (text.endsWith('\n') ? 1 : 0));
    for (const [, specifier] of text.matchAll(SPECIFIER))
      if (/\.m?[jt]s$/.test(specifier!)) queue.push(resolve(dirname(file), specifier!));
  }
  return sizes;
}

/** The reached files over the limit, longest first. */
export const oversizedFunctionFiles = (root: string, limit = FUNCTION_FILE_LINE_LIMIT) =>
  [...functionFileSizes(root)].filter(([, lines]) => lines > limit).sort(([, a], [, b]) => b - a);

if (import.meta.url === `file://${process.argv[1]}`) {
  const oversized = oversizedFunctionFiles(process.cwd());
  for (const [file, lines] of oversized) console.log(`${lines}\t${file}`);
  process.exitCode = oversized.length > 0 ? 1 : 0;
}
