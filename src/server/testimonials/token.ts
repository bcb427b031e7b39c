/**
 * The learner's testimonial link: `/testimonial/{token}`, sent with the certificate e-mail, valid 60
 * days. The token is signed, not stored: `{certificate id}.{expiry, unix seconds}.{HMAC-SHA256}` under a key
 * derived from SESSION_SECRET for this one purpose. Nothing to keep or clean up, the same link in every retry of
 * the e-mail, and a forged or altered one fails the MAC. The same link later edits or withdraws what was sent.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServerEnv } from '../env.ts';

export const TESTIMONIAL_LINK_DAYS = 60;
export const TESTIMONIAL_PATH = '/testimonial';
const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const keyOf = (secret: string) => createHmac('sha256', secret).update('testimonial-link-v1').digest();
const macOf = (secret: string, id: string, expires: number) =>
  createHmac('sha256', keyOf(secret)).update(`${id}.${expires}`).digest('base64url');

/** The link's token for a certificate issued at `issuedAt`; null when no secret is set (then no link). */
export function testimonialToken(
  env: Pick<ServerEnv, 'SESSION_SECRET'>,
  certificateId: string,
  issuedAt: Date,
) {
  if (!env.SESSION_SECRET) return null;
  const expires = Math.floor(issuedAt.getTime() / 1000) + TESTIMONIAL_LINK_DAYS * 86_400;
  return `${certificateId}.${expires}.${macOf(env.SESSION_SECRET, certificateId, expires)}`;
}

export type TokenCheck = { ok: true; certificateId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function checkTestimonialToken(
  env: Pick<ServerEnv, 'SESSION_SECRET'>,
  token: string,
  now: Date,
): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match || !env.SESSION_SECRET) return { ok: false, reason: 'invalid' };
  const [, id = '', expiresText = '', mac = ''] = match;
  const expected = Buffer.from(macOf(env.SESSION_SECRET, id, Number(expiresText)));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'invalid' };
  if (Number(expiresText) * 1000 < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, certificateId: id };
}
