/**
 * A private copy of the working tree for the bench's runner and builds. Every local runner builds into its
 * project's dist/, so a runner of another session on the same tree (e2e tests, a developer's `npm start`) would
 * swap its own build, from its own store, under ours mid-measurement. The copy holds the code as it is when the
 * bench starts (2 MB of sources; node_modules is linked, not copied) and is removed at the end.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** Generated or machine-local: never part of what is measured. */
const SKIPPED = new Set([
  'node_modules',
  'dist',
  '.netlify',
  '.local',
  '.git',
  '.astro',
  'test-results',
  'playwright-report',
]);
/**
 * Also generated: dist-server/ (the preview components) and dist-old-<pid>/, the build a runner of this tree is
 * swapping out and deleting right now — copying it fails with ENOENT halfway (seen when e2e runners start together).
 */
const isSkipped = (top: string) => SKIPPED.has(top) || top.startsWith('dist-');

export interface Snapshot {
  root: string;
  remove(): void;
}

export function snapshotTree(projectRoot: string): Snapshot {
  const root = mkdtempSync(join(tmpdir(), 'delta-bench-site-'));
  cpSync(projectRoot, root, {
    recursive: true,
    filter: (source) => {
      const parts = relative(projectRoot, source).split(/[\\/]/);
      // bench/node_modules (the bench's own tools) is not part of the site either.
      return parts[0] === '' || (!isSkipped(parts[0] ?? '') && !parts.includes('node_modules'));
    },
  });
  symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
