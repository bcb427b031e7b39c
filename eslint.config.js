import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
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
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': 'off',
    },
  },
  {
    // The walls of ARCHITECTURE.md: browser code never imports server code.
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
