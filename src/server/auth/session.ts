/**
 * The admin session cookie: a token `v1.{expiresAtSeconds}.{sessionId}.{hmac}` signed with HMAC-SHA256 under
 * SESSION_SECRET, carried in an HttpOnly, SameSite=Strict cookie. The id names a session recorded in the store
 * (sessions.ts), which is what can be revoked; the signature means a store id alone opens nothing, and rotating
 * SESSION_SECRET still signs everyone out.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE_NAME, SESSION_TTL_SECONDS } from '../../lib/constants.ts';

const VERSION = 'v1';

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** A signed token for the stored session `sessionId` (a random one when omitted: a token no store knows). */
export function createSessionToken(
  secret: string,
  now: Date,
  ttlSeconds = SESSION_TTL_SECONDS,
  sessionId: string = randomBytes(12).toString('base64url'),
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = `${VERSION}.${expires}.${sessionId}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** The session id of a token this server signed that has not expired; null for anything forged, tampered or old. */
export function sessionIdOf(token: string, secret: string, now: Date): string | null {
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [version, expires, nonce, signature] = parts as [string, string, string, string];
  if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{1,64}$/.test(nonce)) return null;
  const expected = Buffer.from(sign(`${version}.${expires}.${nonce}`, secret));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return Number(expires) > now.getTime() / 1000 ? nonce : null;
}

/** True for a token this server signed that has not expired (whether its session still stands is sessions.ts's). */
export const verifySessionToken = (token: string, secret: string, now: Date): boolean =>
  sessionIdOf(token, secret, now) !== null;

/** The cookie's value from a Cookie header, or null. */
export function readSessionCookie(request: Request): string | null {
  const header = request.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index === -1) continue;
    if (part.slice(0, index).trim() === SESSION_COOKIE_NAME) return part.slice(index + 1).trim();
  }
  return null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Secure everywhere except plain-http development on this machine (browsers drop Secure cookies on http). */
export function cookieIsSecure(request: Request, deployed: boolean): boolean {
  if (deployed) return true;
  return !LOOPBACK_HOSTS.has(new URL(request.url).hostname);
}

export function sessionCookie(token: string, secure: boolean, ttlSeconds = SESSION_TTL_SECONDS): string {
  return [
    `${SESSION_COOKIE_NAME}=${token}`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    `Max-Age=${ttlSeconds}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [
    `${SESSION_COOKIE_NAME}=`,
    'HttpOnly',
    'SameSite=Strict',
    'Path=/',
    'Max-Age=0',
    'Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
