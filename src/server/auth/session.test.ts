import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, SESSION_TTL_SECONDS } from '../../lib/constants.ts';
import {
  clearedSessionCookie,
  cookieIsSecure,
  createSessionToken,
  readSessionCookie,
  sessionCookie,
  verifySessionToken,
} from './session.ts';

const SECRET = 'a'.repeat(40);
const now = new Date('2025-03-01T10:00:00Z');

describe('session tokens', () => {
  it('accepts its own token until it expires', () => {
    const token = createSessionToken(SECRET, now);
    expect(verifySessionToken(token, SECRET, now)).toBe(true);
    const later = new Date(now.getTime() + (SESSION_TTL_SECONDS - 1) * 1000);
    expect(verifySessionToken(token, SECRET, later)).toBe(true);
    const expired = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
    expect(verifySessionToken(token, SECRET, expired)).toBe(false);
  });

  it('rejects tampered, forged and foreign tokens', () => {
    const token = createSessionToken(SECRET, now);
    const [version, expires, nonce, signature] = token.split('.') as [string, string, string, string];
    // Pushing the expiry forward breaks the signature.
    expect(
      verifySessionToken(`${version}.${Number(expires) + 3600}.${nonce}.${signature}`, SECRET, now),
    ).toBe(false);
    // A different last character (an 'A' on a signature that already ends in 'A' would change nothing: 1 in 64).
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(verifySessionToken(`${version}.${expires}.${nonce}.${flipped}`, SECRET, now)).toBe(false);
    expect(verifySessionToken(createSessionToken('b'.repeat(40), now), SECRET, now)).toBe(false);
    expect(verifySessionToken('true', SECRET, now)).toBe(false);
    expect(verifySessionToken('', SECRET, now)).toBe(false);
    expect(verifySessionToken(`v2.${expires}.${nonce}.${signature}`, SECRET, now)).toBe(false);
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, path-wide, and Secure unless on this machine over http', () => {
    const cookie = sessionCookie('tok', true);
    expect(cookie).toContain(`${SESSION_COOKIE_NAME}=tok`);
    for (const attribute of [
      'HttpOnly',
      'SameSite=Strict',
      'Path=/',
      `Max-Age=${SESSION_TTL_SECONDS}`,
      'Secure',
    ]) {
      expect(cookie.split('; ')).toContain(attribute);
    }
    expect(sessionCookie('tok', false)).not.toContain('Secure');
    expect(clearedSessionCookie(true)).toContain('Max-Age=0');

    expect(cookieIsSecure(new Request('http://localhost:8888/x'), false)).toBe(false);
    expect(cookieIsSecure(new Request('http://127.0.0.1:8888/x'), false)).toBe(false);
    expect(cookieIsSecure(new Request('https://delta.example/x'), false)).toBe(true);
    expect(cookieIsSecure(new Request('http://localhost:8888/x'), true)).toBe(true);
  });

  it('finds the cookie among others', () => {
    const request = new Request('https://x.example/', {
      headers: { cookie: `theme=dark; ${SESSION_COOKIE_NAME}=abc.def; other=1` },
    });
    expect(readSessionCookie(request)).toBe('abc.def');
    expect(readSessionCookie(new Request('https://x.example/'))).toBeNull();
  });
});
