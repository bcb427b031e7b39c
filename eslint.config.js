import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/** Code that runs in the browser: islands, the admin app, component scripts, and the shared lib they import. */
const BROWSER = ['src/islands/**', 'src/admin/**', 'src/components/**', 'src/lib/**'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      '.netlify/',
      '.astro/',
      '.local/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  // Only React code: elsewhere "use…" names are Playwright fixtures and test helpers, not hooks.
  { ...reactHooks.configs.flat.recommended, files: ['src/islands/**', 'src/admin/**', '**/*.tsx'] },
  {
    // Everything else runs on Node: the server, functions, scripts, tests, the bench, Astro's build.
    languageOptions: { globals: globals.node },
  },
  {
    files: BROWSER,
    ignores: ['**/*.test.ts'],
    languageOptions: {
      globals: {
        ...globals.browser,
        // The node block above applies too (flat config merges globals): switch off what only Node has.
        ...Object.fromEntries(
          Object.keys(globals.node)
            .filter((name) => !(name in globals.browser))
            .map((name) => [name, 'off']),
        ),
      },
    },
  },
  {
    // A switch over a union must name every member (or say `default`), so a new family, field kind or status
    // cannot fall through silently. Type-aware, so limited to the code the compiler checks.
    files: ['src/**/*.{ts,tsx}', 'netlify/**/*.mts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      // An un-awaited check (`requireAdmin(…)` without await) passes every request: never let a promise float.
      '@typescript-eslint/no-floating-promises': 'error',
      // …nor test one as a condition (`if (isGuessable(…))` is always true once the check is async).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // The walls of docs/design.md (Architecture): browser code never imports server code.
    files: [
      'src/islands/**',
      'src/admin/**',
      'src/components/**',
      'src/pages/**',
      'src/layouts/**',
      'src/lib/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@upstash/*', '@netlify/blobs', 'sharp'],
              message: 'Browser and shared code must not import server code.',
            },
          ],
        },
      ],
    },
  },
);
