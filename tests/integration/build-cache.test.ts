/**
 * Astro's build cache holds the content data store the build reads its pages' content back from. Every copy of the
 * tree that links node_modules (the e2e suite's side runners, the bench: bench/support/snapshot.ts) would share a
 * cache under node_modules, and their builds, each from its own store, read one another's content (decisions §60).
 */
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';

const root = resolve(import.meta.dirname, '../..');

describe("Astro's build cache", () => {
  it("is the tree's own, outside node_modules, in a folder a copy of the tree does not take along", () => {
    expect(config.cacheDir, 'astro.config.mjs cacheDir').toBeDefined();
    const cacheDir = resolve(
      root,
      typeof config.cacheDir === 'string' ? config.cacheDir : fileURLToPath(config.cacheDir!),
    );
    const inTree = cacheDir.slice(root.length + 1).split(sep);
    expect(cacheDir.startsWith(root + sep)).toBe(true);
    expect(inTree).not.toContain('node_modules');
    // bench/support/snapshot.ts skips .astro: each copy starts a cache of its own.
    expect(inTree[0]).toBe('.astro');
  });
});
