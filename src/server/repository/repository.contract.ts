/**
 * The one contract every repository adapter passes, against a real backend.
 * repository.contract.test.ts runs it for Netlify Blobs and for Upstash Redis.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError, UniqueConflictError, type Repository } from './port.ts';

export interface ContractBackend {
  /** A new, empty repository on the running backend (isolated from every other one). */
  fresh(): Repository;
  /** Stops the backend for good and returns a repository that was using it. */
  takeDown(): Promise<Repository>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeRepositoryContract(name: string, start: () => Promise<ContractBackend>): void {
  describe(`repository contract: ${name}`, () => {
    let backend: ContractBackend;
    let repo: Repository;

    beforeAll(async () => {
      backend = await start();
    });
    afterAll(async () => {
      await backend?.stop();
    });
    beforeEach(() => {
      repo = backend.fresh();
    });

    it('creates items with a fresh id and timestamps and reads them back', async () => {
      const created = await repo.create('homeCourse', { title: 'Ethical hacking', description: 'Basics' });
      expect(created._id).toMatch(/^[0-9a-z]{20}$/);
      expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
      expect(created.updatedAt).toBe(created.createdAt);
      expect(await repo.get('homeCourse', created._id)).toEqual(created);
      expect(await repo.get('homeService', created._id)).toBeNull();
    });

    it('answers null for unknown or malformed ids', async () => {
      expect(await repo.get('career', '0000000000aaaaaaaaaa')).toBeNull();
      expect(await repo.get('career', '../../docs/stats')).toBeNull();
      expect(await repo.update('career', '0000000000aaaaaaaaaa', { title: 'x' })).toBeNull();
      expect(await repo.delete('career', 'nope')).toBeNull();
    });

    it('lists in insertion order and counts', async () => {
      expect(await repo.list('homeService')).toEqual([]);
      const titles = ['one', 'two', 'three', 'four', 'five'];
      for (const title of titles) await repo.create('homeService', { title });
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(titles);
      expect(await repo.count('homeService')).toBe(5);
      expect(await repo.count('career')).toBe(0);
    });

    it('merges updates, removes undefined fields and keeps identity', async () => {
      const created = await repo.create('career', { title: 'Analyst', description: 'SOC', image: 'a.webp' });
      await sleep(5);
      const result = await repo.update('career', created._id, { title: 'Senior analyst', image: undefined });
      expect(result?.previous).toEqual(created);
      expect(result?.item).toMatchObject({
        _id: created._id,
        createdAt: created.createdAt,
        title: 'Senior analyst',
      });
      expect(result?.item.description).toBe('SOC');
      expect(result?.item).not.toHaveProperty('image');
      expect(result!.item.updatedAt > created.updatedAt).toBe(true);
      expect(await repo.get('career', created._id)).toEqual(result?.item);
    });

    it('deletes items and reports what was removed', async () => {
      const first = await repo.create('homeContent', { title: 'a' });
      const second = await repo.create('homeContent', { title: 'b' });
      expect(await repo.delete('homeContent', first._id)).toEqual(first);
      expect(await repo.delete('homeContent', first._id)).toBeNull();
      expect(await repo.get('homeContent', first._id)).toBeNull();
      expect(await repo.list('homeContent')).toEqual([second]);
      expect(await repo.count('homeContent')).toBe(1);
    });

    it('pages newest first with cursors, covering every item exactly once', async () => {
      const created = [];
      for (let i = 0; i < 12; i++) created.push(await repo.create('contact', { name: `n${i}` }));
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await repo.listPage('contact', { limit: 5, cursor });
        expect(page.items.length).toBeLessThanOrEqual(5);
        seen.push(...page.items.map((item) => item._id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual(created.map((item) => item._id).reverse());
      const exact = await repo.listPage('enroll', { limit: 5 });
      expect(exact).toEqual({ items: [], nextCursor: null });
    });

    it('rejects duplicate unique values case-insensitively and frees them on delete', async () => {
      const course = await repo.create('enrollCourse', { courseName: 'Web Development' });
      await expect(repo.create('enrollCourse', { courseName: '  web development ' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      await expect(repo.create('enrollCourse', { courseName: 'WEB DEVELOPMENT' })).rejects.toMatchObject({
        field: 'courseName',
      });
      expect(await repo.count('enrollCourse')).toBe(1);
      await repo.delete('enrollCourse', course._id);
      const again = await repo.create('enrollCourse', { courseName: 'web development' });
      expect(await repo.list('enrollCourse')).toEqual([again]);
    });

    it('moves a unique claim when an update renames the item', async () => {
      const first = await repo.create('enrollCourse', { courseName: 'Python' });
      await repo.create('enrollCourse', { courseName: 'Java' });
      await expect(repo.update('enrollCourse', first._id, { courseName: 'JAVA' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      expect((await repo.get('enrollCourse', first._id))?.courseName).toBe('Python');
      const renamed = await repo.update('enrollCourse', first._id, { courseName: 'Python 3' });
      expect(renamed?.item.courseName).toBe('Python 3');
      await repo.create('enrollCourse', { courseName: 'python' });
      await expect(repo.create('enrollCourse', { courseName: 'PYTHON 3' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
    });

    it('lets exactly one of many concurrent creators of the same unique name win', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => repo.create('enrollCourse', { courseName: 'Cyber Security' })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      for (const r of rejected) expect(r.reason).toBeInstanceOf(UniqueConflictError);
      expect(await repo.count('enrollCourse')).toBe(1);
    });

    it('stores documents', async () => {
      expect(await repo.getDocument('stats')).toBeNull();
      await repo.setDocument('stats', { totalCourses: 7 });
      await repo.setDocument('stats', { totalCourses: 8 });
      expect(await repo.getDocument<{ totalCourses: number }>('stats')).toEqual({ totalCourses: 8 });
    });

    it('grants a lease to exactly one of many concurrent acquirers, and again after it expires', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => repo.acquireLease('rebuild', 300)));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await repo.acquireLease('rebuild', 300)).toBe(false);
      expect(await repo.acquireLease('other', 300)).toBe(true);
      await sleep(400);
      const again = await Promise.all(Array.from({ length: 5 }, () => repo.acquireLease('rebuild', 300)));
      expect(again.filter(Boolean)).toHaveLength(1);
    });

    it('takes a raised flag exactly once', async () => {
      expect(await repo.takeFlag('pending')).toBe(false);
      await repo.raiseFlag('pending');
      await repo.raiseFlag('pending');
      expect(await repo.takeFlag('pending')).toBe(true);
      expect(await repo.takeFlag('pending')).toBe(false);
      await repo.raiseFlag('pending');
      const takers = await Promise.all(Array.from({ length: 8 }, () => repo.takeFlag('pending')));
      expect(takers.filter(Boolean)).toHaveLength(1);
      expect(await repo.takeFlag('pending')).toBe(false);
    });

    it('counts hits per identifier within the limit and says when to retry', async () => {
      const sequential = [];
      for (let i = 0; i < 4; i++) sequential.push(await repo.hit('login', '203.0.113.9', 3, 60));
      expect(sequential.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(sequential[3]!.retryAfterSeconds).toBeGreaterThan(0);
      expect(sequential[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect((await repo.hit('login', '198.51.100.1', 3, 60)).allowed).toBe(true);
      expect((await repo.hit('contact', '203.0.113.9', 3, 60)).allowed).toBe(true);
      const concurrent = await Promise.all(Array.from({ length: 10 }, () => repo.hit('enroll', 'x', 4, 60)));
      expect(concurrent.filter((r) => r.allowed)).toHaveLength(4);
    });

    it('keeps all of 50 concurrent creates exactly once', async () => {
      const created = await Promise.all(
        Array.from({ length: 50 }, (_, i) => repo.create('contact', { name: `visitor ${i}` })),
      );
      const listed = await repo.list('contact');
      expect(listed).toHaveLength(50);
      expect(new Set(listed.map((item) => item._id))).toEqual(new Set(created.map((item) => item._id)));
      expect(new Set(listed.map((item) => item.name)).size).toBe(50);
    });

    it('keeps concurrent updates of different items', async () => {
      const items = [];
      for (let i = 0; i < 10; i++) items.push(await repo.create('homeService', { title: `t${i}` }));
      await Promise.all(
        items.map((item, i) => repo.update('homeService', item._id, { title: `updated ${i}` })),
      );
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(
        items.map((_, i) => `updated ${i}`),
      );
    });

    it('answers ping while up, and StoreUnavailableError for everything once the backend is down', async () => {
      await expect(repo.ping()).resolves.toBeUndefined();
      const down = await backend.takeDown();
      const calls: Array<() => Promise<unknown>> = [
        () => down.ping(),
        () => down.list('homeContent'),
        () => down.listPage('contact', { limit: 5 }),
        () => down.get('homeContent', '0000000000aaaaaaaaaa'),
        () => down.create('enrollCourse', { courseName: 'x' }),
        () => down.setDocument('stats', { totalCourses: 1 }),
        () => down.acquireLease('rebuild', 1000),
        () => down.takeFlag('pending'),
        () => down.hit('login', 'x', 5, 60),
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
