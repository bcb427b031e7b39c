/** What both vitest projects share (vitest.config.ts: plain Node; vitest.astro.config.ts: Astro's Vite). */
export const SHARED_TEST = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  setupFiles: ['tests/support/fail-on-console-error.ts'],
} as const;

/**
 * Tests that render Astro components (the Container API needs Astro's Vite plugins): they run in the astro
 * project, everything else without Astro's transforms, which would only slow it.
 */
export const ASTRO_TESTS = ['tests/integration/adding-a-family.test.ts'];
