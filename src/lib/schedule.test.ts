import { describe, expect, it } from 'vitest';
import { activitySentence } from '../admin/format/activity.ts';
import { dueUpdate, isLiveAt, nextChangeAfter, pendingChanges } from './schedule.ts';

const T = Date.parse('2026-11-26T04:30:00.000Z');
const iso = (ms: number) => new Date(T + ms).toISOString();

describe('what is live when (issue 24.3)', () => {
  it('follows published without times, a publish time once it has come, and never past an unpublish time', () => {
    expect(isLiveAt({}, T)).toBe(true);
    expect(isLiveAt({ published: false }, T)).toBe(false);
    expect(isLiveAt({ published: false, publishAt: iso(1) }, T)).toBe(false);
    expect(isLiveAt({ published: false, publishAt: iso(0) }, T)).toBe(true);
    // A publish time decides over the stored flag until the scheduler clears it.
    expect(isLiveAt({ published: true, publishAt: iso(60_000) }, T)).toBe(false);
    expect(isLiveAt({ published: true, unpublishAt: iso(1) }, T)).toBe(true);
    expect(isLiveAt({ published: true, unpublishAt: iso(0) }, T)).toBe(false);
    expect(isLiveAt({ publishAt: iso(-2), unpublishAt: iso(-1) }, T)).toBe(false);
  });

  it('makes only what is due, clearing its time, so the item reads the same after as before', () => {
    expect(dueUpdate({ published: false, publishAt: iso(1) }, T)).toBeNull();
    expect(dueUpdate({ published: false, publishAt: iso(0), unpublishAt: iso(60_000) }, T)).toEqual({
      fields: { published: true, publishAt: undefined },
      change: 'publish',
    });
    expect(dueUpdate({ published: true, unpublishAt: iso(-1) }, T)).toEqual({
      fields: { published: false, unpublishAt: undefined },
      change: 'unpublish',
    });
    // Both missed: it ends unpublished, both cleared.
    const both = { published: false, publishAt: iso(-2), unpublishAt: iso(-1) };
    const update = dueUpdate(both, T);
    expect(update).toEqual({
      fields: { published: false, publishAt: undefined, unpublishAt: undefined },
      change: 'unpublish',
    });
    expect(isLiveAt({ ...both, ...update?.fields }, T)).toBe(isLiveAt(both, T));
  });

  it('knows the next time an answer changes, and lists pending changes earliest first', () => {
    const items = [
      { publishAt: iso(-5) },
      { unpublishAt: iso(90_000) },
      { publishAt: iso(30_000), unpublishAt: iso(120_000) },
    ];
    expect(nextChangeAfter(items, T)).toBe(T + 30_000);
    expect(nextChangeAfter([{ publishAt: iso(-5) }], T)).toBeNull();
    expect(pendingChanges({ unpublishAt: iso(2), publishAt: iso(1) }).map((p) => p.change)).toEqual([
      'publish',
      'unpublish',
    ]);
  });

  it('tells the scheduler’s changes and a cancel in Activity', () => {
    const base = { _id: 'a', at: iso(0), ip: 'unknown', target: { family: 'career', title: 'Analyst' } };
    expect(
      activitySentence({ ...base, actor: 'scheduler', actorName: 'Scheduler', action: 'scheduled-publish' }),
    ).toBe('“Analyst” in Career was published on schedule');
    expect(
      activitySentence({
        ...base,
        actor: 'asha',
        actorName: 'Asha',
        action: 'schedule-cancel',
        detail: { change: 'unpublish' },
      }),
    ).toBe('Asha cancelled the scheduled unpublish of “Analyst” in Career');
  });
});
