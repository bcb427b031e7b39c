/**
 * Certificate numbers: `DLT-2026-7KQ9-M2XH`, short enough to type from paper, impossible to guess.
 * Eight Crockford base32 characters carry 40 random bits; the alphabet leaves out I, L, O and U, so a number read
 * aloud or off a photocopy is not mistaken for another. The year is the issue's, in IST.
 */
import { randomBytes } from 'node:crypto';
import { utcToIstDay } from '../../lib/ist.ts';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 8 characters × 5 bits. */
const RANDOM_CHARACTERS = 8;

/** 40 random bits as 8 Crockford base32 characters. */
export function randomCrockford(length = RANDOM_CHARACTERS): string {
  const bytes = randomBytes(length);
  // 5 bits from each byte: every character is uniform over the 32 symbols.
  return [...bytes].map((byte) => CROCKFORD[byte & 31]).join('');
}

/** A new number: `{prefix}-{IST year of issuedOn}-XXXX-XXXX`. */
export function makeSerial(prefix: string, issuedOn: string): string {
  const day = utcToIstDay(issuedOn);
  const year = day === '' ? new Date().getUTCFullYear() : Number(day.slice(0, 4));
  const random = randomCrockford();
  return `${prefix}-${year}-${random.slice(0, 4)}-${random.slice(4)}`;
}

/** The pattern of the numbers made here (old imported numbers may be anything `SERIAL_PATTERN` takes). */
export const SERIAL_FORMAT = /^[A-Z]+-\d{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A number as typed: trimmed and upper-cased, Crockford's look-alikes read as the digits they stand for
 * (O → 0, I and L → 1) in the random part only, so a number copied by hand still finds its certificate.
 */
export function normaliseNumber(typed: string): string {
  const upper = typed.trim().toUpperCase();
  const parts = upper.split('-');
  if (parts.length !== 4) return upper;
  const fix = (part: string) => part.replace(/O/g, '0').replace(/[IL]/g, '1');
  return [parts[0], parts[1], fix(parts[2] ?? ''), fix(parts[3] ?? '')].join('-');
}
