import { describe, expect, it } from 'vitest';
import { idTime, isId, newId } from './ids.ts';

describe('newId', () => {
  it('is 20 lower-case base36 characters that carry the creation time', () => {
    const before = Date.now();
    const id = newId();
    expect(id).toMatch(/^[0-9a-z]{20}$/);
    expect(isId(id)).toBe(true);
    expect(idTime(id)).toBeGreaterThanOrEqual(before);
    expect(idTime(id)).toBeLessThan(before + 1000);
  });

  it('sorts lexicographically by creation time, strictly increasing within a process', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const later = newId(Date.now() + 60_000);
    expect(later > ids.at(-1)!).toBe(true);
  });

  it('orders by time even when ids come from different processes (random tails do not matter)', () => {
    expect(newId(Date.UTC(2030, 0, 1)) < newId(Date.UTC(2030, 0, 1, 0, 0, 0, 1) + 10_000)).toBe(true);
  });

  it('has an unguessable tail', () => {
    const tails = new Set(Array.from({ length: 500 }, () => newId().slice(10)));
    expect(tails.size).toBe(500);
  });

  it('rejects strings that are not ids', () => {
    for (const value of ['', 'abc', '../../docs/stats', '0000000000AAAAAAAAAA', `${newId()}x`]) {
      expect(isId(value)).toBe(false);
    }
  });
});
