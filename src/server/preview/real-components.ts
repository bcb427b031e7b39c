/**
 * The site's own page components for previews (docs/decisions.md §45): the build compiles
 * the data-free components (src/preview-entry.ts) into one self-contained module, and the function loads it here at
 * run time and renders them with Astro's Container API, so a preview's body is the page's own markup.
 *
 * Loaded by a file path, never imported statically: Netlify and the local runner bundle the functions before (or
 * without) the site build, so the module may not exist when they do. netlify.toml ships it with the API function
 * (`included_files`); Netlify runs a function in its bundle's directory, where included files keep their paths,
 * and the local runner runs it from the project, so both find it under the working directory. Until a build has
 * made it (a fresh checkout, tests), `loadRealComponents` answers null and previews use the hand-written mirror in
 * renderers.ts.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ArticleBodyProps } from '../../lib/articles.ts';
import type { ShownCaseStudy } from '../../lib/case-studies.ts';
import type { CourseBodyProps } from '../../lib/catalogue.ts';

/** Where the build writes the module, relative to the project (and to the function's working directory). */
export const REAL_COMPONENTS_FILE = 'dist-server/preview-render.mjs';

/** What the compiled module offers: each renders a page's `<main>` content from its props. */
export interface RealComponents {
  renderArticle(props: ArticleBodyProps): Promise<string>;
  renderCaseStudy(study: ShownCaseStudy): Promise<string>;
  /** Absent from a module built before courses had their component: then a course previews through the mirror. */
  renderCourse?: (props: CourseBodyProps) => Promise<string>;
}

const isRealComponents = (module: unknown): module is RealComponents =>
  typeof (module as Partial<RealComponents> | null)?.renderArticle === 'function' &&
  typeof (module as Partial<RealComponents>).renderCaseStudy === 'function';

let loaded: { key: string; module: Promise<RealComponents | null> } | null = null;

/**
 * The module at `file` (relative to the working directory unless absolute), or null when there is none or it does
 * not load. Loaded once per version of the file: the local runner rebuilds the site, and with it the module, while
 * its functions stay warm.
 */
export function loadRealComponents(file: string = REAL_COMPONENTS_FILE): Promise<RealComponents | null> {
  // AWS Lambda (Netlify's functions) names its bundle's directory; the working directory is the same there.
  const roots = [process.env.LAMBDA_TASK_ROOT, process.cwd()].filter((root): root is string => !!root);
  const path = (isAbsolute(file) ? [file] : roots.map((root) => join(root, file))).find((candidate) =>
    existsSync(candidate),
  );
  if (!path) return Promise.resolve(null);
  // The modification time in the address: a rebuild's new module is imported afresh, not served from the cache.
  const url = `${pathToFileURL(path).href}?v=${statSync(path).mtimeMs}`;
  if (loaded?.key !== url) {
    loaded = {
      key: url,
      module: import(/* @vite-ignore */ url).then(
        (module: unknown) => (isRealComponents(module) ? module : null),
        (error: unknown) => {
          console.error(`preview: ${path} did not load, previews use the mirror`, error);
          return null;
        },
      ),
    };
  }
  return loaded.module;
}
