/**
 * The vitest project of the tests that render Astro components with Astro's Container API: Astro's own Vite
 * setup (getViteConfig), so `.astro` files and `astro:*` modules resolve as in a build. Run by `npx vitest run`
 * as one project of vitest.config.ts.
 */
import { getViteConfig } from 'astro/config';
import { ASTRO_TESTS, SHARED_TEST } from './vitest.shared.ts';

export default getViteConfig({
  test: { ...SHARED_TEST, setupFiles: [...SHARED_TEST.setupFiles], name: 'astro', include: ASTRO_TESTS },
});
