/** Debian's Chromium, shared by the e2e config and the benchmarks (never a downloaded browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Offline flags: no background traffic, no component or sync downloads (docs/design.md (Platform notes)). */
export const CHROMIUM_OFFLINE_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
