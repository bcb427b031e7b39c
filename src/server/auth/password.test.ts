import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_PATTERN, verifyPassword } from './password.ts';

const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  it('writes the documented format with the default cost and verifies it', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(PASSWORD_HASH_PATTERN);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
  });

  it('rejects a wrong password, and salts every hash differently', async () => {
    const first = await hashPassword('s3cret-password', FAST);
    const second = await hashPassword('s3cret-password', FAST);
    expect(first).not.toBe(second);
    expect(await verifyPassword('s3cret-passwore', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });

  it('treats malformed or hostile hashes as non-matching instead of throwing', async () => {
    const good = await hashPassword('pw', FAST);
    const [, , r, p, salt, key] = good.split('$');
    expect(await verifyPassword('pw', 'plain-text')).toBe(false);
    expect(await verifyPassword('pw', `scrypt$1000$${r}$${p}$${salt}$${key}`)).toBe(false); // N not a power of two
    expect(await verifyPassword('pw', `scrypt$1024$${r}$${p}$${salt}$AAAA`)).toBe(false); // key too short
    expect(await verifyPassword('pw', `scrypt$${2 ** 30}$${r}$${p}$${salt}$${key}`)).toBe(false); // memory bomb
  });
});
