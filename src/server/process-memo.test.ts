import { describe, expect, it } from 'vitest';
import { processMemo } from './process-memo.ts';

describe('processMemo', () => {
  it('is shared by every instance of one name, as a fresh copy of a module sees it', () => {
    let made = 0;
    const make = () => (made += 1);
    expect(processMemo<number>('test:shared', 10).get('a', make)).toBe(1);
    expect(processMemo<number>('test:shared', 10).get('a', make)).toBe(1);
    expect(processMemo<number>('test:other', 10).get('a', make)).toBe(2);
    expect(made).toBe(2);
  });

  it('keeps no rejected promise, so a failure is tried again', async () => {
    const memo = processMemo<Promise<string>>('test:rejected', 10);
    await expect(memo.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await expect(memo.get('k', () => Promise.resolve('up'))).resolves.toBe('up');
    await expect(memo.get('k', () => Promise.resolve('again'))).resolves.toBe('up');
  });

  it('starts over at its limit', () => {
    const memo = processMemo<string>('test:limit', 3);
    for (const key of ['a', 'b', 'c']) memo.get(key, () => key);
    expect(memo.size).toBe(3);
    memo.get('d', () => 'd');
    expect(memo.size).toBe(1);
    expect(memo.get('a', () => 'made again')).toBe('made again');
  });
});
