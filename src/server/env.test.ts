import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

const HASH = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0c2FsdA==$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U=';

describe('server environment', () => {
  it('works with nothing set: login off, defaults applied', () => {
    const env = loadEnv({});
    expect(env.authConfigured).toBe(false);
    expect(env.deployed).toBe(false);
    expect(env.trustedOrigins).toEqual([]);
  });

  it('reads a full production configuration', () => {
    const env = loadEnv({
      ADMIN_PASSWORD_HASH: HASH,
      SESSION_SECRET: 's'.repeat(32),
      ALLOWED_ORIGINS: 'https://admin.example.com, https://www.example.com/',
      URL: 'https://example.com',
      DEPLOY_PRIME_URL: 'https://main--example.netlify.app',
      CONTEXT: 'production',
    });
    expect(env.authConfigured).toBe(true);
    expect(env.deployed).toBe(true);
    expect(env.trustedOrigins).toEqual([
      'https://admin.example.com',
      'https://www.example.com',
      'https://example.com',
      'https://main--example.netlify.app',
    ]);
  });

  it.each([
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ADMIN_PASSWORD_HASH: 'hunter2' }, 'ADMIN_PASSWORD_HASH'],
    [{ UPSTASH_REDIS_REST_URL: 'https://r.upstash.io' }, 'UPSTASH_REDIS_REST_TOKEN'],
    [{ UPSTASH_REDIS_REST_TOKEN: 'tok' }, 'UPSTASH_REDIS_REST_URL'],
    [{ ALLOWED_ORIGINS: 'example.com' }, 'ALLOWED_ORIGINS'],
  ])('names the bad variable in %j', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(new RegExp(`${name}:`));
  });

  it('never puts a secret value in its error', () => {
    const secret = 'tooshort-secret';
    expect(() => loadEnv({ SESSION_SECRET: secret })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secret) }),
    );
  });
});

describe('certificate keys (issue 23)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const privateJwk = privateKey.export({ format: 'jwk' });
  const publicJwk = publicKey.export({ format: 'jwk' });

  it('takes a private Ed25519 JWK and earlier public keys, never publishing a private part', () => {
    const env = loadEnv({
      CERT_SIGNING_KEY: JSON.stringify(privateJwk),
      CERT_PUBLIC_KEYS_OLD: JSON.stringify({ keys: [privateJwk] }),
    });
    expect(env.CERT_SIGNING_KEY?.d).toBe(privateJwk.d);
    expect(env.CERT_PUBLIC_KEYS_OLD).toEqual([{ kty: 'OKP', crv: 'Ed25519', x: privateJwk.x }]);
    expect(loadEnv({}).CERT_PUBLIC_KEYS_OLD).toEqual([]);
  });

  it('takes an RSA private JWK of 2048 bits or more for RS256, and refuses a smaller or public one', () => {
    const rsa = (modulusLength: number) =>
      generateKeyPairSync('rsa', { modulusLength }).privateKey.export({ format: 'jwk' });
    const good = rsa(2048);
    expect(loadEnv({ CERT_RSA_SIGNING_KEY: JSON.stringify(good) }).CERT_RSA_SIGNING_KEY?.n).toBe(good.n);
    const small = rsa(1024);
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicHalf } = good;
    for (const value of [JSON.stringify(small), JSON.stringify(publicHalf), JSON.stringify(privateJwk)]) {
      expect(() => loadEnv({ CERT_RSA_SIGNING_KEY: value })).toThrow(/CERT_RSA_SIGNING_KEY: must be/);
      expect(() => loadEnv({ CERT_RSA_SIGNING_KEY: value })).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining(String(small.d)) }),
      );
    }
  });

  it('refuses a public key, another curve or no JSON as the signing key, naming the variable only', () => {
    for (const value of [JSON.stringify(publicJwk), '{"kty":"EC","crv":"P-256"}', 'not json']) {
      expect(() => loadEnv({ CERT_SIGNING_KEY: value })).toThrow(/CERT_SIGNING_KEY: must be/);
      expect(() => loadEnv({ CERT_SIGNING_KEY: value })).toThrow(
        expect.objectContaining({ message: expect.not.stringContaining(String(privateJwk.d)) }),
      );
    }
  });
});
