import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { withStatsRetry } from './stats-store.ts';

describe('withStatsRetry (spec section 9: 3 retries, 1000 ms apart, only on 503)', () => {
  it('retries a 503 three times, 1000 ms apart, then gives up', async () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn(() => Promise.reject(new ApiError({ kind: 'http', status: 503 })));
      const result = withStatsRetry(task).catch((error: unknown) => error);
      for (let i = 0; i < 3; i += 1) {
        await vi.advanceTimersByTimeAsync(999);
        expect(task).toHaveBeenCalledTimes(i + 1);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(await result).toBeInstanceOf(ApiError);
      expect(task).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry other failures', async () => {
    for (const error of [new ApiError({ kind: 'http', status: 500 }), new ApiError({ kind: 'network' })]) {
      const task = vi.fn(() => Promise.reject(error));
      await expect(withStatsRetry(task)).rejects.toBe(error);
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it('returns the first success', async () => {
    let calls = 0;
    const task = () =>
      ++calls < 3 ? Promise.reject(new ApiError({ kind: 'http', status: 503 })) : Promise.resolve(7);
    vi.useFakeTimers();
    try {
      const result = withStatsRetry(task);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await result).toBe(7);
      expect(calls).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
