/**
 * Development credentials: generated once per data directory and kept there (never in the repo), so a
 * fresh machine needs no account and no configuration. ADMIN_PASSWORD in the environment overrides the
 * generated password; SESSION_SECRET likewise.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DevSecrets {
  adminPassword: string;
  sessionSecret: string;
  /** The certificates' Ed25519 signing key, a private JWK as JSON (issue 23); CERT_SIGNING_KEY overrides it. */
  certSigningKey: string;
  /** True when the password came from ADMIN_PASSWORD rather than the generated file. */
  passwordFromEnv: boolean;
}

export function loadDevSecrets(dataDir: string, env: NodeJS.ProcessEnv): DevSecrets {
  const file = join(dataDir, 'dev-secrets.json');
  let stored: { adminPassword: string; sessionSecret: string; certSigningKey?: string } | null = null;
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  if (!stored) {
    stored = {
      // Words a person can type, still ~80 bits.
      adminPassword: `dev-${randomBytes(10).toString('base64url')}`,
      sessionSecret: randomBytes(32).toString('base64url'),
    };
  }
  // Added for issue 23: a data directory made before then gets its key on its next start.
  if (!stored.certSigningKey) {
    stored.certSigningKey = newCertSigningKey();
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    adminPassword: env.ADMIN_PASSWORD || stored.adminPassword,
    sessionSecret: env.SESSION_SECRET || stored.sessionSecret,
    certSigningKey: env.CERT_SIGNING_KEY || stored.certSigningKey,
    passwordFromEnv: Boolean(env.ADMIN_PASSWORD),
  };
}

/** A fresh Ed25519 private key as a JWK (`{"kty":"OKP","crv":"Ed25519","x":…,"d":…}`), the form CERT_SIGNING_KEY takes. */
export function newCertSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return JSON.stringify(privateKey.export({ format: 'jwk' }));
}
