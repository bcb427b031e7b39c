import { configDefaults, defineConfig } from 'vitest/config';
import { ASTRO_TESTS, SHARED_TEST } from './vitest.shared.ts';

export default defineConfig({
  test: {
    // Most files wait on real servers and timers, not the CPU: three at once on 2 cores (docs/decisions.md 27).
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...SHARED_TEST,
          setupFiles: [...SHARED_TEST.setupFiles],
          name: 'node',
          // Explicit: vitest's default would also pick up the Playwright specs in tests/e2e.
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...ASTRO_TESTS],
        },
      },
      './vitest.astro.config.ts',
    ],
  },
});
