import { fileURLToPath } from 'node:url';

/** Settings shared by playwright.config.ts and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8899);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The runner's throw-away data directory (store, dev secrets), one per port so suites can run side by side. */
export const E2E_DATA_DIR = `.local/e2e-${E2E_PORT}`;
/** The admin specs' runner, on Upstash Redis (a real redis-server behind the REST gateway): the next port. */
export const E2E_ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? E2E_PORT + 1);
export const E2E_ADMIN_BASE_URL = `http://localhost:${E2E_ADMIN_PORT}`;
export const E2E_ADMIN_DATA_DIR = `.local/e2e-${E2E_ADMIN_PORT}`;
/** Where a Redis runner (redis-runner.ts) writes its redis-server's process id, beside its data directory. */
export const storePidFileOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.redis-server.pid`;
/** The runner takes ADMIN_PASSWORD from the environment instead of generating one. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
/** The third runner, a second Blobs sandbox on a private copy of the tree (docs/decisions.md §44). */
export const E2E_SIDE_PORT = Number(process.env.E2E_SIDE_PORT ?? E2E_PORT + 2);
export const E2E_SIDE_BASE_URL = `http://localhost:${E2E_SIDE_PORT}`;
export const E2E_SIDE_DATA_DIR = `.local/e2e-${E2E_SIDE_PORT}`;
/**
 * Where the first runner publishes its site build for the other two (scripts/local/shared-build.ts): absolute, as
 * the other runners serve private copies of the tree. One per port, so suites can run side by side.
 */
export const E2E_BUILD_DIR = fileURLToPath(new URL(`../../.local/e2e-build-${E2E_PORT}`, import.meta.url));
