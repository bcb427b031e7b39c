/**
 * Compiles the page components previews render (src/preview-entry.ts) into one self-contained ES module
 * (real-components.ts loads it in the API's function). Run by the `delta:preview-components` step of
 * astro.config.mjs after the site build, so Netlify bundles the functions with it (netlify.toml `included_files`).
 *
 * A Vite SSR build with Astro's own Vite configuration (`getViteConfig`), so `.astro` files compile exactly as in
 * the site build, and everything bundled in (astro's runtime included): the function needs no node_modules for it.
 * Astro's serialized-manifest plugin is left out: in a build it emits a placeholder that only Astro's own build
 * fills in, and the Container API makes its own manifest; the ambient manifest is empty, as outside Vite.
 *
 * A process that builds again (the local runner's warm build worker rebuilds the site per content change) keeps the
 * module it made when nothing the build read has changed (docs/decisions.md §53): the module depends on
 * code only, never on content, so recompiling it per content change was ~0.8 CPU-s for the same bytes.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin, PluginOption } from 'vite';

export const PREVIEW_ENTRY = 'src/preview-entry.ts';
const MANIFEST_PLUGIN = 'virtual:astro:manifest';
const NO_MANIFEST = '\0delta:no-manifest';

const noManifest: Plugin = {
  name: 'delta:no-manifest',
  enforce: 'pre',
  resolveId: (id) =>
    id === MANIFEST_PLUGIN || id === '#astro-internal/ambient-manifest' ? NO_MANIFEST : undefined,
  load: (id) => (id === NO_MANIFEST ? 'export const manifest = undefined;' : undefined),
};

const named = (plugin: PluginOption): plugin is Plugin =>
  !!plugin && typeof plugin === 'object' && 'name' in plugin;

const digest = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** A file's digest, or a mark that it is missing (a file the last build read that is gone changes the inputs). */
const fileDigest = (path: string) => readFile(path).then(digest, () => 'missing');

/**
 * What the compiled module is made of: the content of every file the last build read as a module, of every file
 * under src/ (a stylesheet a component imports, or a file added where an import now resolves, is no module of the
 * last build), of the files that shape the configuration and the dependencies, and the environment (Astro's
 * configuration and `import.meta.env` read it). Equal inputs make equal output: the build is deterministic (two
 * builds of one tree are byte-identical, bench/rebuild-cost.ts --keep).
 */
async function inputsDigest(rootPath: string, outFile: string, modules: readonly string[]): Promise<string> {
  const src = join(rootPath, 'src');
  const sources = (await readdir(src, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const config = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'].map((name) =>
    join(rootPath, name),
  );
  const paths = [...new Set([...config, ...sources, ...modules])].sort();
  const digests = await Promise.all(paths.map(fileDigest));
  const env = Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return digest(
    JSON.stringify({ rootPath, outFile, files: paths.map((path, index) => [path, digests[index]]), env }),
  );
}

interface LastBuild {
  /** The files the build read as modules. */
  files: string[];
  inputs: string;
  /** Digest of the module it wrote, so a file changed or removed since is made again. */
  output: string;
}

/** Per output file, the last build this process made (kept on globalThis: this module is re-bundled per build). */
const lastBuilds = ((globalThis as Record<symbol, unknown>)[Symbol.for('delta:real-components-builds')] ??=
  new Map<string, LastBuild>()) as Map<string, LastBuild>;

/** A module id as the file it was read from, or null for a virtual module. */
const fileOfId = (id: string): string | null => {
  const path = id.split('?')[0] ?? '';
  return isAbsolute(path) && !id.startsWith('\0') ? path : null;
};

/**
 * Builds `outFile` from the entry under `root` (the project). Written beside it and then renamed into place, so a
 * function loading it meanwhile (the local runner rebuilds while serving) never reads half a file. Answers whether
 * the module this process made last was kept instead, nothing it was made from having changed.
 */
export async function buildRealComponents(root: string | URL, outFile: string): Promise<{ reused: boolean }> {
  const rootPath = typeof root === 'string' ? root : fileURLToPath(root);
  const last = lastBuilds.get(outFile);
  if (
    last &&
    (await fileDigest(outFile)) === last.output &&
    (await inputsDigest(rootPath, outFile, last.files)) === last.inputs
  )
    return { reused: true };
  lastBuilds.delete(outFile);

  const { build } = await import('vite');
  const { getViteConfig } = await import('astro/config');
  await mkdir(dirname(outFile), { recursive: true });
  const outDir = await mkdtemp(join(dirname(outFile), '.building-'));
  const fileName = basename(outFile);
  const config = (await getViteConfig(
    {
      root: rootPath,
      logLevel: 'warn',
      publicDir: false,
      build: {
        ssr: PREVIEW_ENTRY,
        outDir,
        emptyOutDir: true,
        minify: true,
        rolldownOptions: { output: { entryFileNames: fileName, codeSplitting: false } },
      },
      ssr: { noExternal: true },
    },
    { root: rootPath, logLevel: 'warn' },
  )({ mode: 'production', command: 'build' })) as InlineConfig;
  const read = new Set<string>();
  const inputs: Plugin = {
    name: 'delta:real-components-inputs',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const file = fileOfId(id);
        if (file) read.add(file);
      }
    },
  };
  const plugins = [
    noManifest,
    ...(config.plugins ?? [])
      .flat(Infinity as 1)
      .filter((plugin) => !named(plugin) || plugin.name !== MANIFEST_PLUGIN),
    inputs,
  ];
  // The wall clock as file times use it (not Date, which a test or a bench may have stopped).
  const started = performance.timeOrigin + performance.now();
  try {
    await build({ ...config, plugins, configFile: false });
    await rename(join(outDir, fileName), outFile);
    const files = [...read].sort();
    // A file changed while the build ran may or may not be in the module: then nothing is kept, and the next call
    // builds again. (Whole seconds: some file systems keep coarse modification times.)
    const changedDuring = await Promise.all(
      files.map((file) =>
        stat(file).then(
          (info) => info.mtimeMs >= started - 1000,
          () => true,
        ),
      ),
    );
    if (files.length > 0 && !changedDuring.includes(true))
      lastBuilds.set(outFile, {
        files,
        inputs: await inputsDigest(rootPath, outFile, files),
        output: await fileDigest(outFile),
      });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
  return { reused: false };
}
