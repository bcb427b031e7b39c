/**
 * One site build for several runners of the same sources (the e2e suite's three). The pages render on demand, so a
 * build reads nothing from the store (its pre-rendered pages — /500, /deltaadmin, robots.txt — read nothing stored,
 * and no page of them shows an upload): runners on different stores build the same output, but for the site's
 * origin (SITE_URL, the runner's port), which Astro writes into the server code (`Astro.site`) and robots.txt.
 *
 * The first runner builds and publishes its output to a folder (`--share-build`); the others take it from there
 * (`--from-build`) and write their own origin into the server code and the text files they serve, instead of an
 * `astro build` each (≈ 30 s of both cores on a loaded machine, three of them side by side at start-up). The
 * client scripts under _astro/ keep the first origin: Vite lists SITE among their constants, which no browser
 * code reads, and rewriting them would change files whose hashes the pages' CSP and names carry.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SiteBuilder } from './site-builder.ts';

/** The build's parts a runner serves, as folders of the shared one. */
const DIST = 'dist';
const PAGE_FUNCTION = 'page-function';
/** The preview components the API renders (src/server/preview/real-components.ts), compiled by the build. */
const SERVER_COMPONENTS = 'dist-server';
/** Written last: the origin the build was made for; `FAILED` instead when the build failed. */
const DONE = 'done.json';
const FAILED = 'failed';

/** How long a runner waits for the first runner's build before building its own. */
const WAIT_MS = 10 * 60_000;

/** Empties the shared folder before its runner builds, so no runner takes a build of older sources. */
export function clearSharedBuild(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/** Copies a finished build to the shared folder (`pageFunction`: the folder of its ssr.mjs). */
export function publishBuild(
  dir: string,
  build: { projectRoot: string; pageFunction: string | undefined; origin: string },
): void {
  cpSync(join(build.projectRoot, DIST), join(dir, DIST), { recursive: true });
  const components = join(build.projectRoot, SERVER_COMPONENTS);
  if (existsSync(components)) cpSync(components, join(dir, SERVER_COMPONENTS), { recursive: true });
  if (build.pageFunction)
    cpSync(build.pageFunction, join(dir, PAGE_FUNCTION), { recursive: true, filter: notLinkedModules });
  writeFileSync(join(dir, DONE), JSON.stringify({ origin: build.origin }));
}

/** The first runner's build failed: the others build their own. */
export function publishFailure(dir: string): void {
  writeFileSync(join(dir, FAILED), '');
}

/** The adapter links the project's node_modules into its function folder; each copy finds the tree's own instead. */
const notLinkedModules = (source: string) => !source.endsWith(`${'/'}node_modules`);

/** Text a runner serves or runs that can hold the origin: server modules and the pre-rendered pages and files. */
const holdsOrigin = (path: string) =>
  /\.(mjs|js|html|txt|xml|json)$/.test(path) && !path.includes('/_astro/');

function rewriteOrigin(folder: string, from: string, to: string): void {
  if (from === to || !existsSync(folder)) return;
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const path = join(folder, name);
    if (!holdsOrigin(path) || !statSync(path).isFile()) continue;
    const text = readFileSync(path, 'utf8');
    if (text.includes(from)) writeFileSync(path, text.split(from).join(to));
  }
}

/**
 * Waits for the shared build and copies it: `dist` and `pageFunction` are the folders to fill, the preview
 * components go to the tree's own dist-server/. Answers false when the first runner's build failed or never came.
 */
export async function takeSharedBuild(
  dir: string,
  into: { projectRoot: string; dist: string; pageFunction: string; origin: string },
): Promise<boolean> {
  // No folder at all: no runner shares its build (the first one was started apart, without --share-build).
  if (!existsSync(dir)) return false;
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(join(dir, DONE))) {
    if (existsSync(join(dir, FAILED)) || Date.now() > deadline) return false;
    await sleep(250);
  }
  const { origin } = JSON.parse(readFileSync(join(dir, DONE), 'utf8')) as { origin: string };
  cpSync(join(dir, DIST), into.dist, { recursive: true });
  rewriteOrigin(into.dist, origin, into.origin);
  const components = join(into.projectRoot, SERVER_COMPONENTS);
  if (existsSync(join(dir, SERVER_COMPONENTS))) {
    rmSync(components, { recursive: true, force: true });
    cpSync(join(dir, SERVER_COMPONENTS), components, { recursive: true });
    rewriteOrigin(components, origin, into.origin);
  }
  if (existsSync(join(dir, PAGE_FUNCTION))) {
    cpSync(join(dir, PAGE_FUNCTION), into.pageFunction, { recursive: true });
    rewriteOrigin(into.pageFunction, origin, into.origin);
  }
  return true;
}

interface FirstBuild {
  projectRoot: string;
  /** The runner's origin (http://localhost:PORT). */
  origin: string;
  /** Build, and publish the build to this folder for the other runners. */
  shareTo?: string | undefined;
  /** Take the build published to this folder (built for another origin), if it comes. */
  takeFrom?: string | undefined;
  log: (line: string) => void;
}

/** The runner's first build: its own, shared with others or taken from another runner (module comment). */
export async function firstBuild(builder: SiteBuilder, options: FirstBuild): Promise<void> {
  const { shareTo, takeFrom, log } = options;
  if (takeFrom) {
    log(`building the site: taking the build another runner shares in ${takeFrom}…`);
    const started = Date.now();
    const into = { projectRoot: options.projectRoot, origin: options.origin };
    if (await builder.adopt((folders) => takeSharedBuild(takeFrom, { ...into, ...folders }))) {
      log(`site taken in ${((Date.now() - started) / 1000).toFixed(1)} s (start)`);
      return;
    }
    log('the shared build did not come: building the site…');
    await builder.request('start');
    return;
  }
  // Before the line that tells the suite this runner is past seeding: the next runner then finds an empty folder.
  if (shareTo) clearSharedBuild(shareTo);
  log(shareTo ? `building the site for every runner sharing ${shareTo}…` : 'building the site…');
  try {
    await builder.request('start');
  } catch (error) {
    if (shareTo) publishFailure(shareTo);
    throw error;
  }
  if (shareTo) {
    const pageFunction = builder.pageFunction ? dirname(builder.pageFunction) : undefined;
    publishBuild(shareTo, { projectRoot: options.projectRoot, pageFunction, origin: options.origin });
  }
}
