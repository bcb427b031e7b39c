/**
 * Item ids: 10 base36 characters of millisecond time, then 10 random base36 characters from crypto.
 * They sort lexicographically by creation time, so "list in key order" is "list in insertion order" on both
 * adapters, and a cursor can simply be the last id of a page. The random tail makes ids unguessable.
 */
import { randomBytes } from 'node:crypto';

const TIME_LENGTH = 10;
const RANDOM_LENGTH = 10;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const ID_PATTERN = new RegExp(`^[0-9a-z]{${TIME_LENGTH + RANDOM_LENGTH}}$`);

let lastTime = 0;

function randomTail(): string {
  let tail = '';
  while (tail.length < RANDOM_LENGTH) {
    for (const byte of randomBytes(RANDOM_LENGTH * 2)) {
      // 252 = 7 × 36: rejecting the rest keeps every character equally likely.
      if (byte < 252 && tail.length < RANDOM_LENGTH) tail += ALPHABET[byte % 36];
    }
  }
  return tail;
}

/**
 * A new id. Within one process ids are strictly increasing: several ids in the same millisecond borrow the
 * next milliseconds, so a burst of creates keeps its order instead of being ordered by the random tail.
 */
export function newId(now: number = Date.now()): string {
  lastTime = now > lastTime ? now : lastTime + 1;
  return lastTime.toString(36).padStart(TIME_LENGTH, '0') + randomTail();
}

/**
 * An id for an item created at `time` (epoch ms) elsewhere: an imported enquiry then sorts among new ones by its
 * own date. It does not move the process's clock, so ids made by newId() afterwards stay current.
 */
export function idAt(time: number): string {
  if (!Number.isSafeInteger(time) || time < 0 || time >= 36 ** TIME_LENGTH)
    throw new RangeError(`No id for time ${time}`);
  return time.toString(36).padStart(TIME_LENGTH, '0') + randomTail();
}

/** True for strings shaped like our ids; anything else is an unknown id (and never reaches a store key). */
export const isId = (value: string): boolean => ID_PATTERN.test(value);

/** The creation time (epoch ms) encoded in an id. */
export const idTime = (id: string): number => parseInt(id.slice(0, TIME_LENGTH), 36);

/** The smallest id of a millisecond: as a cursor (exclusive) it pages from everything created before `ms`. */
export const idFloor = (ms: number): string =>
  Math.max(0, Math.floor(ms)).toString(36).padStart(TIME_LENGTH, '0') + '0'.repeat(RANDOM_LENGTH);
