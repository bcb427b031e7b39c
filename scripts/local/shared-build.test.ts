/** One runner's build taken by another: the copy names its own origin, and a missing or failed build is no copy. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSharedBuild, publishBuild, publishFailure, takeSharedBuild } from './shared-build.ts';

const made: string[] = [];
afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'shared-build-test-'));
  made.push(dir);
  return dir;
};
const write = (path: string, text: string) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

/** A tree with what a build leaves: dist/, the preview components and the page function's folder. */
function builtTree(origin: string) {
  const root = folder();
  write(join(root, 'dist/robots.txt'), `Sitemap: ${origin}/sitemap.xml\n`);
  write(join(root, 'dist/_astro/admin.js'), `SITE:\`${origin}\``);
  write(join(root, 'dist-server/preview-render.mjs'), `createAstro("${origin}")`);
  const pageFunction = join(root, '.local/page-function-1-1');
  write(join(pageFunction, 'ssr.mjs'), 'export default 1');
  write(join(pageFunction, '.netlify/build/chunks/Layout.mjs'), `createAstro("${origin}")`);
  return { root, pageFunction };
}

/** The folders a taking runner hands over (site-builder.ts's adopt), in a tree of its own. */
function takerTree(origin: string) {
  const root = folder();
  return { projectRoot: root, dist: join(root, 'next'), pageFunction: join(root, 'pf'), origin };
}

describe('a shared build', () => {
  it('is taken with the taking runner’s origin in its server code and text files, the client scripts as built', async () => {
    const built = builtTree('http://localhost:5300');
    const shared = folder();
    clearSharedBuild(shared);
    publishBuild(shared, {
      projectRoot: built.root,
      pageFunction: built.pageFunction,
      origin: 'http://localhost:5300',
    });

    const into = takerTree('http://localhost:5301');
    const root = into.projectRoot;
    expect(await takeSharedBuild(shared, into)).toBe(true);
    expect(readFileSync(join(into.dist, 'robots.txt'), 'utf8')).toBe(
      'Sitemap: http://localhost:5301/sitemap.xml\n',
    );
    expect(readFileSync(join(into.dist, '_astro/admin.js'), 'utf8')).toBe('SITE:`http://localhost:5300`');
    expect(readFileSync(join(root, 'dist-server/preview-render.mjs'), 'utf8')).toBe(
      'createAstro("http://localhost:5301")',
    );
    expect(readFileSync(join(into.pageFunction, '.netlify/build/chunks/Layout.mjs'), 'utf8')).toBe(
      'createAstro("http://localhost:5301")',
    );
    expect(existsSync(join(into.pageFunction, 'ssr.mjs'))).toBe(true);
  });

  it('is not taken when the first runner’s build failed, or when no runner shares one', async () => {
    const shared = folder();
    clearSharedBuild(shared);
    publishFailure(shared);
    const into = takerTree('http://x');
    const root = into.projectRoot;
    expect(await takeSharedBuild(shared, into)).toBe(false);
    expect(await takeSharedBuild(join(root, 'nobody-shares-here'), into)).toBe(false);
    expect(existsSync(into.dist)).toBe(false);
  });

  it('is cleared before its runner builds again, so no runner takes a build of older sources', () => {
    const shared = folder();
    write(join(shared, 'done.json'), '{"origin":"http://old"}');
    clearSharedBuild(shared);
    expect(existsSync(join(shared, 'done.json'))).toBe(false);
    expect(existsSync(shared)).toBe(true);
  });
});
