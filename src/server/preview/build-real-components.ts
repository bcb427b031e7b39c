/**
 * Compiles the page components previews render (src/preview-entry.ts) into one self-contained ES module
 * (real-components.ts loads it in the API's function). Run by the `delta:preview-components` step of
 * astro.config.mjs after the site build, so Netlify bundles the functions with it (netlify.toml `included_files`).
 *
 * A Vite SSR build with Astro's own Vite configuration (`getViteConfig`), so `.astro` files compile exactly as in
 * the site build, and everything bundled in (astro's runtime included): the function needs no node_modules for it.
 * Astro's serialized-manifest plugin is left out: in a build it emits a placeholder that only Astro's own build
 * fills in, and the Container API makes its own manifest; the ambient manifest is empty, as outside Vite.
 */
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
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

/**
 * Builds `outFile` from the entry under `root` (the project). Written beside it and then renamed into place, so a
 * function loading it meanwhile (the local runner rebuilds while serving) never reads half a file.
 */
export async function buildRealComponents(root: string | URL, outFile: string): Promise<void> {
  const rootPath = typeof root === 'string' ? root : fileURLToPath(root);
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
  const plugins = [
    noManifest,
    ...(config.plugins ?? [])
      .flat(Infinity as 1)
      .filter((plugin) => !named(plugin) || plugin.name !== MANIFEST_PLUGIN),
  ];
  try {
    await build({ ...config, plugins, configFile: false });
    await rename(join(outDir, fileName), outFile);
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
