import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Explicit: vitest's default would also pick up the Playwright specs in tests/e2e.
    include: [
      'src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    environment: 'node',
    // Most files wait on real servers and timers, not the CPU: three at once on 2 cores (docs/decisions.md 27).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['tests/support/fail-on-console-error.ts'],
  },
});
