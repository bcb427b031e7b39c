/**
 * The publish policy's arithmetic (issue 26): the pace share of the budget, the daily window in IST, and when a
 * change goes live under each policy, across a month's end.
 */
import { describe, expect, it } from 'vitest';
import {
  istMonth,
  liveWhen,
  mayDeploy,
  nextWindow,
  paceShare,
  parseWindow,
  type PublishConfig,
} from './publish-policy.ts';

const at = (iso: string) => Date.parse(iso);
const paced: PublishConfig = { budget: 6, policy: 'paced', windowMinutes: 18 * 60 };
const nothing = { used: 0, lastDeployAt: null };

describe('publish policy', () => {
  it('counts months and windows in IST', () => {
    // 23:59 UTC on 30 Nov is 05:29 IST on 1 Dec.
    expect(istMonth(at('2026-11-30T23:59:00Z'))).toBe('2026-12');
    expect(istMonth(at('2026-11-30T18:29:00Z'))).toBe('2026-11');
    expect(parseWindow('18:00')).toBe(1080);
    expect(parseWindow('24:00')).toBeNull();
    expect(parseWindow('6pm')).toBeNull();
  });

  it('spreads the budget over the month: ceil(budget × day ÷ days)', () => {
    expect([1, 5, 6, 10, 11, 30].map((day) => paceShare(6, day, 30))).toEqual([1, 1, 2, 2, 3, 6]);
    expect(paceShare(0, 30, 30)).toBe(0);
  });

  it('paced: deploys at once within the day’s share, else at the first window whose share allows one', () => {
    const tenNov = at('2026-11-10T04:30:00Z');
    expect(mayDeploy(paced, tenNov, { used: 1, lastDeployAt: null }, 'edit')).toBe(true);
    expect(liveWhen(paced, tenNov, { used: 1, lastDeployAt: null })).toEqual({ when: 'soon' });
    expect(liveWhen(paced, tenNov, { used: 2, lastDeployAt: null })).toEqual({
      when: 'window',
      at: '2026-11-11T12:30:00.000Z',
    });
    // The window itself waits for its time: before 18:00 the queue stays, from 18:00 it goes.
    expect(mayDeploy(paced, at('2026-11-11T12:29:00Z'), { used: 2, lastDeployAt: null }, 'window')).toBe(
      false,
    );
    expect(mayDeploy(paced, at('2026-11-11T12:30:00Z'), { used: 2, lastDeployAt: null }, 'window')).toBe(
      true,
    );
  });

  it('never deploys past the budget: the queue waits for next month', () => {
    const late = at('2026-11-28T04:30:00Z');
    const spent = { used: 6, lastDeployAt: null };
    for (const policy of ['paced', 'live', 'daily'] as const)
      for (const kind of ['edit', 'window'] as const)
        expect(mayDeploy({ ...paced, policy }, late, spent, kind)).toBe(false);
    expect(liveWhen(paced, late, spent)).toEqual({ when: 'budget-used', at: '2026-12-01T12:30:00.000Z' });
    expect(liveWhen({ ...paced, policy: 'live' }, late, spent)).toEqual({
      when: 'budget-used',
      at: '2026-11-30T18:30:00.000Z',
    });
    expect(nextWindow({ ...paced, budget: 0 }, late, nothing)).toBeNull();
  });

  it('daily: nothing at once, one publish a day at the window', () => {
    const daily: PublishConfig = { ...paced, policy: 'daily' };
    const morning = at('2026-11-10T04:30:00Z');
    const window = at('2026-11-10T12:30:00Z');
    expect(mayDeploy(daily, morning, nothing, 'edit')).toBe(false);
    expect(liveWhen(daily, morning, nothing)).toEqual({ when: 'window', at: '2026-11-10T12:30:00.000Z' });
    expect(mayDeploy(daily, window, nothing, 'window')).toBe(true);
    // Published at today's window already: the next is tomorrow's.
    const evening = at('2026-11-10T15:00:00Z');
    expect(liveWhen(daily, evening, { used: 1, lastDeployAt: window })).toEqual({
      when: 'window',
      at: '2026-11-11T12:30:00.000Z',
    });
  });
});
