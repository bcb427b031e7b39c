/**
 * No credential in the built site (issue 6): scanned here because the e2e run has just built dist/ with a real
 * admin password and session secret, which the unit run (before any build) cannot see.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanDirectory } from '../support/credential-scan.ts';
import { E2E_ADMIN_PASSWORD, E2E_DATA_DIR } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const ROOT = join(import.meta.dirname, '../..');

test('the built site holds no password, password hash or session secret', () => {
  // The runner's secrets for this suite.
  const secretsFile = join(ROOT, E2E_DATA_DIR, 'dev-secrets.json');
  expect(existsSync(secretsFile), secretsFile).toBe(true);
  const stored = JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>;
  const secrets = [E2E_ADMIN_PASSWORD, ...Object.values(stored).filter((value) => value.length >= 8)];
  expect(secrets.length).toBeGreaterThan(1);

  const { scanned, offenders } = scanDirectory(join(ROOT, 'dist'), secrets);
  expect(scanned).toBeGreaterThan(10);
  expect(offenders).toEqual([]);
});
