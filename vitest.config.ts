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
          // Each worker runs its files one after another in one module graph: a fresh graph per file cost about 2 s
          // of both cores per file (156 files), more than a third of the run (docs/decisions.md §88). What a file
          // stubs or fakes is undone after it (tests/support/fail-on-console-error.ts); servers and stores are each
          // file's own.
          isolate: false,
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
