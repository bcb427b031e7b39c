/**
 * The one contract every coordination adapter passes, against a real backend: leases, flags and rate limits
 * decide exactly one winner however many function instances ask at once.
 * repository.contract.test.ts runs it for Netlify Blobs and for Upstash Redis.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError, type Coordination } from './port.ts';

export interface CoordinationBackend {
  /** New, empty coordination on the running backend (isolated from every other one). */
  fresh(): Coordination;
  /** Stops the backend for good and returns coordination that was using it. */
  takeDown(): Promise<Coordination>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeCoordinationContract(name: string, start: () => Promise<CoordinationBackend>): void {
  describe(`coordination contract: ${name}`, () => {
    let backend: CoordinationBackend;
    let coordination: Coordination;

    beforeAll(async () => {
      backend = await start();
    });
    afterAll(async () => {
      await backend?.stop();
    });
    beforeEach(() => {
      coordination = backend.fresh();
    });

    it('hands a released lease to exactly one next acquirer', async () => {
      expect(await coordination.acquireLease('notify-x', 60_000)).toBe(true);
      expect(await coordination.acquireLease('notify-x', 60_000)).toBe(false);
      await coordination.releaseLease('notify-x');
      await coordination.releaseLease('never-taken');
      const contenders = await Promise.all(
        Array.from({ length: 6 }, () => coordination.acquireLease('notify-x', 60_000)),
      );
      expect(contenders.filter(Boolean)).toHaveLength(1);
      expect(await coordination.acquireLease('never-taken', 60_000)).toBe(true);
    });

    it('grants a lease to exactly one of many concurrent acquirers, and again after it expires', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, () => coordination.acquireLease('rebuild', 300)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await coordination.acquireLease('rebuild', 300)).toBe(false);
      expect(await coordination.acquireLease('other', 300)).toBe(true);
      await sleep(400);
      const again = await Promise.all(
        Array.from({ length: 5 }, () => coordination.acquireLease('rebuild', 300)),
      );
      expect(again.filter(Boolean)).toHaveLength(1);
    });

    it('takes a raised flag exactly once', async () => {
      expect(await coordination.takeFlag('pending')).toBe(false);
      await coordination.raiseFlag('pending');
      await coordination.raiseFlag('pending');
      expect(await coordination.takeFlag('pending')).toBe(true);
      expect(await coordination.takeFlag('pending')).toBe(false);
      await coordination.raiseFlag('pending');
      const takers = await Promise.all(Array.from({ length: 8 }, () => coordination.takeFlag('pending')));
      expect(takers.filter(Boolean)).toHaveLength(1);
      expect(await coordination.takeFlag('pending')).toBe(false);
    });

    it('hands each member of a set to exactly one taker, and an empty set to none', async () => {
      expect(await coordination.takeSet('pending-purges')).toEqual([]);
      await coordination.addToSet('pending-purges', ['course', 'article']);
      await coordination.addToSet('pending-purges', ['course', 'batch:1']);
      await coordination.addToSet('pending-purges', []);
      expect((await coordination.takeSet('pending-purges')).sort()).toEqual(['article', 'batch:1', 'course']);
      expect(await coordination.takeSet('pending-purges')).toEqual([]);
      await coordination.addToSet('pending-purges', ['a']);
      await coordination.addToSet('pending-purges', ['b']);
      const takers = await Promise.all(
        Array.from({ length: 6 }, () => coordination.takeSet('pending-purges')),
      );
      expect(takers.flat().sort()).toEqual(['a', 'b']);
      expect(await coordination.takeSet('other')).toEqual([]);
    });

    it('counts up to a limit and never past it, however many count at once', async () => {
      expect(await coordination.readCount('deploys:2026-11')).toBe(0);
      expect(await coordination.countUpTo('deploys:2026-11', 3)).toBe(1);
      expect(await coordination.readCount('deploys:2026-11')).toBe(1);
      const racers = await Promise.all(
        Array.from({ length: 6 }, () => coordination.countUpTo('deploys:2026-11', 3)),
      );
      expect(racers.filter((count) => count !== null).sort()).toEqual([2, 3]);
      expect(racers.filter((count) => count === null)).toHaveLength(4);
      expect(await coordination.countUpTo('deploys:2026-11', 3)).toBeNull();
      expect(await coordination.readCount('deploys:2026-11')).toBe(3);
      // A higher limit (a raised budget) counts on from where it stands; other counters are apart.
      expect(await coordination.countUpTo('deploys:2026-11', 4)).toBe(4);
      expect(await coordination.readCount('deploys:2026-12')).toBe(0);
      expect(await coordination.countUpTo('deploys:2026-12', 0)).toBeNull();
    });

    it('counts hits per identifier within the limit and says when to retry', async () => {
      const sequential = [];
      for (let i = 0; i < 4; i++) sequential.push(await coordination.hit('login', '203.0.113.9', 3, 60));
      expect(sequential.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(sequential[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(sequential[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await coordination.hit('login', '198.51.100.1', 3, 60)).allowed).toBe(true);
      expect((await coordination.hit('contact', '203.0.113.9', 3, 60)).allowed).toBe(true);
      const concurrent = await Promise.all(
        Array.from({ length: 10 }, () => coordination.hit('enroll', 'x', 4, 60)),
      );
      expect(concurrent.filter((r) => r.allowed)).toHaveLength(4);
    });

    it('slides: hits late in one window still count early in the next, until a whole window has passed', async () => {
      // Both adapters count by the wall clock (the Redis limiter reads Date.now()); a minute-aligned base.
      const base = Date.UTC(2030, 0, 1);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(base - 1_000);
        for (let i = 0; i < 3; i++) expect((await coordination.hit('slide', 'a', 3, 60)).allowed).toBe(true);
        expect((await coordination.hit('slide', 'a', 3, 60)).allowed).toBe(false);
        // One second past the boundary, 59/60 of the last window's three hits still weigh: one more fits.
        vi.setSystemTime(base + 1_000);
        const after = [];
        for (let i = 0; i < 3; i++) after.push(await coordination.hit('slide', 'a', 3, 60));
        expect(after.map((r) => r.allowed)).toEqual([true, false, false]);
        expect(after[2]!.retryAfterSeconds).toBeGreaterThan(0);
        expect(after[2]!.retryAfterSeconds).toBeLessThanOrEqual(60);
        vi.setSystemTime(base + 121_000);
        for (let i = 0; i < 3; i++) expect((await coordination.hit('slide', 'a', 3, 60)).allowed).toBe(true);
      } finally {
        vi.useRealTimers();
      }
    });

    it('clears the hits of one identifier in one bucket only (a successful sign-in clears its failures)', async () => {
      for (let i = 0; i < 3; i++) await coordination.hit('login-clear', '203.0.113.7', 3, 60);
      await coordination.hit('login-clear', '203.0.113.8', 1, 60);
      expect((await coordination.hit('login-clear', '203.0.113.7', 3, 60)).allowed).toBe(false);
      await coordination.clearHits('login-clear', '203.0.113.7');
      expect((await coordination.hit('login-clear', '203.0.113.7', 3, 60)).allowed).toBe(true);
      expect((await coordination.hit('login-clear', '203.0.113.8', 1, 60)).allowed).toBe(false);
      await coordination.clearHits('login-clear', 'never-hit');
    });

    it('gives no more seats than the capacity however many take at once, one per holder, in a closed account none', async () => {
      expect(await coordination.seatsHeld('batch-a')).toBeNull();
      expect(await coordination.takeSeat('batch-a', 'r1', 2)).toBe('closed');
      await coordination.openSeats('batch-a', []);
      expect(await coordination.seatsHeld('batch-a')).toBe(0);
      const holders = Array.from({ length: 12 }, (_, i) => `r${i}`);
      const outcomes = await Promise.all(
        holders.map((holder) => coordination.takeSeat('batch-a', holder, 2)),
      );
      expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(2);
      expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(10);
      expect(await coordination.seatsHeld('batch-a')).toBe(2);
      // A holder taking again (a retried payment) keeps its one seat, counted once.
      const winner = holders[outcomes.indexOf('taken')]!;
      expect(await coordination.takeSeat('batch-a', winner, 2)).toBe('taken');
      expect(await coordination.seatsHeld('batch-a')).toBe(2);
      // One holder taking twice at once still holds one seat.
      await coordination.openSeats('batch-b', []);
      await Promise.all([coordination.takeSeat('batch-b', 'x', 3), coordination.takeSeat('batch-b', 'x', 3)]);
      expect(await coordination.seatsHeld('batch-b')).toBe(1);
      // A seat given back is free for the next taker; giving back a seat not held changes nothing.
      await coordination.releaseSeat('batch-a', winner);
      await coordination.releaseSeat('batch-a', 'never-held');
      expect(await coordination.seatsHeld('batch-a')).toBe(1);
      expect(await coordination.takeSeat('batch-a', 'late', 2)).toBe('taken');
      expect(await coordination.takeSeat('batch-a', 'later', 2)).toBe('full');
    });

    it('opens an account with the holders it is given, replacing what it held, never past its capacity after', async () => {
      await coordination.openSeats('batch-c', ['a', 'b', 'c']);
      expect(await coordination.seatsHeld('batch-c')).toBe(3);
      // More holders than a capacity of 2 (a rebuild of an oversold batch): nobody else gets in until two leave.
      expect(await coordination.takeSeat('batch-c', 'd', 2)).toBe('full');
      await coordination.releaseSeat('batch-c', 'a');
      expect(await coordination.takeSeat('batch-c', 'd', 2)).toBe('full');
      await coordination.releaseSeat('batch-c', 'b');
      expect(await coordination.seatsHeld('batch-c')).toBe(1);
      const racers = await Promise.all(
        ['d', 'e', 'f'].map((holder) => coordination.takeSeat('batch-c', holder, 2)),
      );
      expect(racers.filter((outcome) => outcome === 'taken')).toHaveLength(1);
      expect(await coordination.seatsHeld('batch-c')).toBe(2);
      await coordination.openSeats('batch-c', ['z']);
      expect(await coordination.seatsHeld('batch-c')).toBe(1);
      expect(await coordination.takeSeat('batch-c', 'z', 1)).toBe('taken');
      expect(await coordination.seatsHeld('batch-c')).toBe(1);
    });

    it('recalls a remembered value until it expires', async () => {
      expect(await coordination.recall('answer-1')).toBeNull();
      await coordination.remember('answer-1', { status: 201, body: 'é' }, 300);
      await coordination.remember('answer-2', [1], 60_000);
      expect(await coordination.recall('answer-1')).toEqual({ status: 201, body: 'é' });
      await sleep(400);
      expect(await coordination.recall('answer-1')).toBeNull();
      expect(await coordination.recall('answer-2')).toEqual([1]);
    });

    it('answers the due members of a due-time index, earliest first, and follows every reschedule', async () => {
      const hour = 3_600_000;
      const base = Date.parse('2026-12-02T09:00:00.000Z');
      expect(await coordination.due('work', base, 10)).toEqual([]);
      await coordination.schedule('work', 'outbox/contact/a', base + 5_000);
      await coordination.schedule('work', 'retention/contact/b', base - 3 * hour);
      await coordination.schedule('work', 'publish/course/c', base + 2 * hour);
      await coordination.schedule('other', 'outbox/contact/a', base - hour);
      expect(await coordination.due('work', base, 10)).toEqual([
        { member: 'retention/contact/b', dueAtMs: base - 3 * hour },
      ]);
      expect((await coordination.due('work', base + 5_000, 10)).map((entry) => entry.member)).toEqual([
        'retention/contact/b',
        'outbox/contact/a',
      ]);
      expect(await coordination.due('work', base + 5_000, 1)).toHaveLength(1);
      // A new time replaces the old one (never two entries for one member), in either direction.
      await coordination.schedule('work', 'retention/contact/b', base + 3 * hour);
      await coordination.schedule('work', 'publish/course/c', base - hour);
      expect(await coordination.due('work', base + 5_000, 10)).toEqual([
        { member: 'publish/course/c', dueAtMs: base - hour },
        { member: 'outbox/contact/a', dueAtMs: base + 5_000 },
      ]);
      await coordination.unschedule('work', 'publish/course/c');
      await coordination.unschedule('work', 'never-scheduled');
      expect((await coordination.due('work', base + 4 * hour, 10)).map((entry) => entry.member)).toEqual([
        'outbox/contact/a',
        'retention/contact/b',
      ]);
      expect(await coordination.due('other', base, 10)).toEqual([
        { member: 'outbox/contact/a', dueAtMs: base - hour },
      ]);
    });

    it('adds every concurrent count to a rollup, counts a `once` marker once, and forgets all on clear', async () => {
      const add = (field: string, by: number) => coordination.tally([{ name: 'day-1', field, by }]);
      await Promise.all(Array.from({ length: 8 }, (_, n) => add(n % 2 ? 'lead' : 'paise', n % 2 ? 1 : 250)));
      const once = await Promise.all(
        Array.from({ length: 5 }, () =>
          coordination.tally(
            [
              { name: 'day-1', field: 'stage', by: 1 },
              { name: 'month-1', field: 'stage', by: 1 },
            ],
            'enrolled/r1',
          ),
        ),
      );
      expect(once.filter(Boolean)).toHaveLength(1);
      await add('lead', -1);
      expect(await coordination.readTallies(['day-1', 'month-1', 'never'])).toEqual([
        { lead: 3, paise: 1000, stage: 1 },
        { stage: 1 },
        {},
      ]);
      await coordination.clearTallies();
      expect(await coordination.readTallies(['day-1', 'month-1'])).toEqual([{}, {}]);
      expect(await coordination.tally([{ name: 'day-1', field: 'stage', by: 1 }], 'enrolled/r1')).toBe(true);
    });

    it('answers StoreUnavailableError for everything once the backend is down', async () => {
      const down = await backend.takeDown();
      const calls: Array<() => Promise<unknown>> = [
        () => down.acquireLease('rebuild', 1000),
        () => down.takeFlag('pending'),
        () => down.hit('login', 'x', 5, 60),
        () => down.clearHits('login', 'x'),
        () => down.takeSeat('batch', 'x', 2),
        () => down.recall('answer'),
        () => down.due('work', Date.now(), 10),
        () => down.schedule('work', 'x', Date.now()),
        () => down.tally([{ name: 'day', field: 'lead', by: 1 }]),
        () => down.readTallies(['day']),
      ];
      for (const call of calls) {
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(StoreUnavailableError);
        expect((error as Error).message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch/);
      }
    });
  });
}
