/**
 * Admin password hashing with node:crypto scrypt. Stored format: `scrypt$N$r$p$saltB64$hashB64`, so the cost
 * can be raised later without invalidating existing hashes. Verification is constant-time.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const PASSWORD_HASH_PATTERN = /^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/;

/** 2^15: about 50 ms and 32 MB per check on one core, a sound cost for an interactive login. */
const DEFAULT_COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

const derive = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    // maxmem must cover 128·N·r bytes, which the default (32 MB) just misses at N=2^15.
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { ...options, maxmem: 256 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

export async function hashPassword(
  password: string,
  cost: { N: number; r: number; p: number } = DEFAULT_COST,
) {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!PASSWORD_HASH_PATTERN.test(stored)) return false;
  const [, n, r, p, saltB64, hashB64] = stored.split('$') as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64');
  if (expected.length < 16) return false;
  try {
    const actual = await derive(password, Buffer.from(saltB64, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt refuses (N not a power of two, memory limits): not a usable hash.
    return false;
  }
}
