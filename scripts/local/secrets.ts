/**
 * Development credentials: generated once per data directory and kept there (never in the repo), so a
 * fresh machine needs no account and no configuration. ADMIN_PASSWORD in the environment overrides the
 * generated password; SESSION_SECRET likewise.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevSecrets {
  adminPassword: string;
  sessionSecret: string;
  /** True when the password came from ADMIN_PASSWORD rather than the generated file. */
  passwordFromEnv: boolean;
}

export function loadDevSecrets(dataDir: string, env: NodeJS.ProcessEnv): DevSecrets {
  const file = join(dataDir, 'dev-secrets.json');
  let stored: { adminPassword: string; sessionSecret: string } | null = null;
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  if (!stored) {
    stored = {
      // Words a person can type, still ~80 bits.
      adminPassword: `dev-${randomBytes(10).toString('base64url')}`,
      sessionSecret: randomBytes(32).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    adminPassword: env.ADMIN_PASSWORD || stored.adminPassword,
    sessionSecret: env.SESSION_SECRET || stored.sessionSecret,
    passwordFromEnv: Boolean(env.ADMIN_PASSWORD),
  };
}
