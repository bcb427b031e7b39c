/** Settings shared by playwright.config.ts and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8899);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The runner's throw-away data directory (store, dev secrets), one per port so suites can run side by side. */
export const E2E_DATA_DIR = `.local/e2e-${E2E_PORT}`;
/** The runner takes ADMIN_PASSWORD from the environment instead of generating one. */
export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';
