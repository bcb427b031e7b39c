import { existsSync } from 'node:fs';

/** Debian's Chromium, for the benchmarks (what a visitor's browser does), never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The e2e suite's browser: Debian's chromium-headless-shell (the same Chromium build without the browser's UI
 * layer), which took about a third less CPU than chromium for the same specs on these 2-core machines
 * (docs/decisions.md §51). scripts/provision.sh installs it; a machine without it runs the suite on chromium.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const E2E_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

/** Offline flags: no background traffic, no component or sync downloads (docs/design.md (Platform notes)). */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
