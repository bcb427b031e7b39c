/**
 * The import graph's rules, checked by `npm run lint` (lint:imports) over src, netlify, scripts, tests and bench.
 * Type-only imports count (tsPreCompilationDeps): a cycle of types still ties its modules together. ESLint's
 * import plugins could not resolve our `.ts`-suffixed specifiers and so reported nothing; this resolves them.
 */

/**
 * What runs on Netlify: the function files, the site build (Astro's config) and the page function (the pages
 * rendered on demand and their middleware).
 */
const DEPLOYED =
  '^(netlify/functions/[^/]+\\.mts|astro\\.config\\.mjs|src/middleware\\.ts|src/pages/.+\\.(astro|ts))$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, at run time or for types only: break the cycle on its seam.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-code-is-deployed',
      comment:
        'src/server holds what the functions and the build run; code only a command-line tool runs lives in scripts/.',
      severity: 'error',
      from: { path: DEPLOYED },
      to: {
        path: '^src/server/',
        // Tests and the fixtures and contract suite they share are not run by the site.
        pathNot: '\\.test\\.ts$|\\.contract\\.ts$|-fixtures\\.ts$',
        reachable: false,
      },
    },
    {
      name: 'deployed-code-reaches-no-script',
      comment:
        'scripts/ is never deployed: a function or the build that imports from it would break or bloat.',
      severity: 'error',
      from: { path: DEPLOYED },
      to: { path: '^scripts/', reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
