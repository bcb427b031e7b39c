/**
 * The one contract every repository adapter passes, against a real backend.
 * repository.contract.test.ts runs it for Netlify Blobs and for Upstash Redis.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idAt } from './ids.ts';
import {
  OrderConflictError,
  REVISIONS_KEPT,
  StoreUnavailableError,
  UniqueConflictError,
  VersionConflictError,
  versionOf,
  type Repository,
} from './port.ts';
import type { UniqueRule } from './policy.ts';
import { serialClaim, uniqueRuleOf } from './unique.ts';
import { slugField } from '../../lib/fields.ts';

/** A family with a slug, as a fixture registry would add one (no real family has one yet). */
const SLUGGED = 'sluggedCourse';
const slugRule = uniqueRuleOf([
  { key: SLUGGED, fields: [slugField('slug', { label: 'Address', from: 'title', max: 60 })] },
]);

export interface ContractBackend {
  /**
   * A new, empty repository on the running backend (isolated from every other one), claiming unique values by
   * `unique` (default: the registry's rule).
   */
  fresh(unique?: UniqueRule): Repository;
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

    it('puts an item verbatim (id and dates kept), ordered by its id among created ones, and replaces it', async () => {
      const fresh = await repo.create('contact', { name: 'today' });
      const old = {
        _id: idAt(Date.parse('2023-04-05T06:07:08.000Z')),
        createdAt: '2023-04-05T06:07:08.000Z',
        updatedAt: '2023-04-06T00:00:00.000Z',
        name: 'Priya',
        note: undefined,
      };
      await repo.put('contact', old);
      const { note: _dropped, ...stored } = old;
      expect(await repo.get('contact', old._id)).toEqual(stored);
      expect((await repo.list('contact')).map((item) => item._id)).toEqual([old._id, fresh._id]);
      expect((await repo.listPage('contact', { limit: 10 })).items.map((item) => item.name)).toEqual([
        'today',
        'Priya',
      ]);
      expect(await repo.count('contact')).toBe(2);
      await repo.put('contact', { ...stored, name: 'Priya S.' });
      expect(await repo.get('contact', old._id)).toEqual({ ...stored, name: 'Priya S.' });
      expect(await repo.count('contact')).toBe(2);
      // A newId() after idAt() for a past time is still current.
      const later = await repo.create('contact', { name: 'later' });
      expect(later._id > fresh._id).toBe(true);
      await expect(repo.put('contact', { ...stored, _id: '../docs/stats' })).rejects.toThrow(
        /Not an item id/,
      );
      expect(await repo.count('contact')).toBe(3);
    });

    it('put keeps unique values unique: refused when another item holds one, moved on rename', async () => {
      const java = await repo.create('enrollCourse', { courseName: 'Java' });
      const at = '2022-01-01T00:00:00.000Z';
      const python = { _id: idAt(Date.parse(at)), createdAt: at, updatedAt: at, courseName: 'Python' };
      await repo.put('enrollCourse', python);
      await repo.put('enrollCourse', python);
      await expect(repo.create('enrollCourse', { courseName: 'PYTHON' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      await expect(repo.put('enrollCourse', { ...python, courseName: ' java ' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      const other = { ...python, _id: idAt(Date.parse(at)), courseName: 'java' };
      await expect(repo.put('enrollCourse', other)).rejects.toBeInstanceOf(UniqueConflictError);
      expect(await repo.list('enrollCourse')).toEqual([python, java]);
      await repo.put('enrollCourse', { ...python, courseName: 'Python 3' });
      await repo.create('enrollCourse', { courseName: 'python' });
      await expect(repo.create('enrollCourse', { courseName: 'python 3' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      await repo.delete('enrollCourse', python._id);
      expect((await repo.create('enrollCourse', { courseName: 'Python 3' })).courseName).toBe('Python 3');
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

    it('claims slugs with the write: of concurrent saves of one slug exactly one lands, naming the holder', async () => {
      const slugged = backend.fresh(slugRule);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, n) => slugged.create(SLUGGED, { title: `Cloud ${n}`, slug: 'cloud' })),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      const winner = (won[0] as PromiseFulfilledResult<{ _id: string }>).value;
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
        expect(r.reason).toMatchObject({
          name: 'UniqueConflictError',
          field: 'slug',
          value: 'cloud',
          holder: winner._id,
        });
      expect(await slugged.count(SLUGGED)).toBe(1);

      // Two updates racing to one new slug: one lands, the other item keeps its own.
      const a = await slugged.create(SLUGGED, { title: 'A', slug: 'a' });
      const b = await slugged.create(SLUGGED, { title: 'B', slug: 'b' });
      const raced = await Promise.allSettled([
        slugged.update(SLUGGED, a._id, { slug: 'shared', slugHistory: ['a'] }),
        slugged.update(SLUGGED, b._id, { slug: 'shared', slugHistory: ['b'] }),
      ]);
      expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const slugs = (await slugged.list(SLUGGED)).map((item) => item.slug).sort();
      expect(slugs.filter((slug) => slug === 'shared')).toHaveLength(1);
    });

    it('keeps an earlier slug claimed, frees every slug in the trash and for good on delete', async () => {
      const slugged = backend.fresh(slugRule);
      const item = await slugged.create(SLUGGED, { title: 'Cloud', slug: 'cloud' });
      await slugged.update(SLUGGED, item._id, { slug: 'cloud-security', slugHistory: ['cloud'] });
      // The old slug still redirects to the item, so nobody else may take it, nor the new one.
      for (const slug of ['cloud', 'CLOUD-security'])
        await expect(slugged.create(SLUGGED, { title: 'Other', slug })).rejects.toBeInstanceOf(
          UniqueConflictError,
        );
      // Going back to the old slug is the item's own.
      await slugged.update(SLUGGED, item._id, { slug: 'cloud', slugHistory: ['cloud-security'] });
      // Put (a restore, an import) takes the same claims.
      const at = '2022-01-01T00:00:00.000Z';
      const put = {
        _id: idAt(Date.parse(at)),
        createdAt: at,
        updatedAt: at,
        title: 'P',
        slug: 'cloud-security',
      };
      await expect(slugged.put(SLUGGED, put)).rejects.toBeInstanceOf(UniqueConflictError);
      // In the trash its slugs are free; the restore is refused while one is taken, and claims them back after.
      await slugged.trash(SLUGGED, item._id, new Date().toISOString());
      const taker = await slugged.create(SLUGGED, { title: 'Taker', slug: 'cloud-security' });
      await expect(slugged.restoreFromTrash(SLUGGED, item._id)).rejects.toMatchObject({ field: 'slug' });
      await slugged.delete(SLUGGED, taker._id);
      expect(await slugged.restoreFromTrash(SLUGGED, item._id)).not.toBeNull();
      await expect(slugged.create(SLUGGED, { title: 'Other', slug: 'cloud' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      await slugged.delete(SLUGGED, item._id);
      expect((await slugged.create(SLUGGED, { title: 'Again', slug: 'cloud-security' })).slug).toBe(
        'cloud-security',
      );
      await slugged.put(SLUGGED, { ...put, slug: 'cloud' });
      expect(await slugged.count(SLUGGED)).toBe(2);
    });

    it('holds a permanent claim (a certificate’s folded number) for good: its holder is known, listed, put back', async () => {
      const certificate = 'certificate';
      const first = await repo.create(certificate, { number: 'OLD-2019-OOAB-1L11' });
      const claim = serialClaim('number', 'old-2019-00ab-1111');
      const lookAlike = () => repo.create(certificate, { number: 'OLD-2019-00AB-1111' });
      expect(await repo.claimHolder(certificate, claim)).toBe(first._id);
      await expect(lookAlike()).rejects.toBeInstanceOf(UniqueConflictError);
      expect(await repo.trash(certificate, first._id, new Date().toISOString())).not.toBeNull();
      await expect(lookAlike()).rejects.toBeInstanceOf(UniqueConflictError);
      expect(await repo.restoreFromTrash(certificate, first._id)).not.toBeNull();
      expect(await repo.delete(certificate, first._id)).not.toBeNull();
      expect(await repo.claimHolder(certificate, claim)).toBe(first._id);
      await expect(lookAlike()).rejects.toBeInstanceOf(UniqueConflictError);
      // Its own id takes it again.
      await repo.put(certificate, first);
      expect(await repo.get(certificate, first._id)).toEqual(first);
      const second = await repo.create(certificate, { number: 'DLT-2026-AAAA-BBBB' });
      const byValue = (a: { value: string }, b: { value: string }) => (a.value < b.value ? -1 : 1);
      expect((await repo.listClaims(certificate, 'number')).sort(byValue)).toEqual([
        { value: 'dlt-2026-aaaa-bbbb', holder: second._id },
        { value: 'old-2019-00ab-1111', holder: first._id },
      ]);
      expect(await repo.claimHolder(certificate, serialClaim('number', 'DLT-2026-ZZZZ-ZZZZ'))).toBeNull();

      // A store the items are gone from (a restore's) takes the claims back for their holders.
      const other = backend.fresh();
      expect(await other.takeClaim(certificate, claim, first._id)).toBe(first._id);
      expect(await other.takeClaim(certificate, claim, second._id)).toBe(first._id);
      expect(await other.claimHolder(certificate, claim)).toBe(first._id);
      await expect(other.create(certificate, { number: 'old-2019-ooab-1111' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
    });

    it('updates without touching updatedAt when asked (bookkeeping is not an edit)', async () => {
      const created = await repo.create('contact', { name: 'Asha', status: 'new' });
      await sleep(5);
      const quiet = await repo.update(
        'contact',
        created._id,
        { outbox: { email: { state: 'sent' } } },
        { touch: false },
      );
      expect(quiet?.item.updatedAt).toBe(created.updatedAt);
      expect(quiet?.item.outbox).toEqual({ email: { state: 'sent' } });
      const edited = await repo.update('contact', created._id, { status: 'replied' });
      expect(edited!.item.updatedAt > created.updatedAt).toBe(true);
      expect(edited?.item).toMatchObject({ status: 'replied', outbox: { email: { state: 'sent' } } });
    });

    it('tallies totals and items with a value (or without the field) per collection', async () => {
      expect(await repo.tally(['contact', 'enroll'], 'status', 'new')).toEqual({
        contact: { total: 0, matching: 0 },
        enroll: { total: 0, matching: 0 },
      });
      await repo.create('contact', { name: 'a', status: 'new' });
      await repo.create('contact', { name: 'b', status: 'replied' });
      await repo.create('contact', { name: 'c' });
      // A message that merely mentions the value does not count.
      await repo.create('enroll', { name: 'd', status: 'enrolled', message: '"status":"new"' });
      const second = await repo.create('enroll', { name: 'e', status: 'new' });
      expect(await repo.tally(['contact', 'enroll'], 'status', 'new')).toEqual({
        contact: { total: 3, matching: 2 },
        enroll: { total: 2, matching: 1 },
      });
      await repo.update('enroll', second._id, { status: 'contacted' });
      await repo.delete('contact', (await repo.list('contact'))[0]!._id);
      expect(await repo.tally(['contact', 'enroll'], 'status', 'new')).toEqual({
        contact: { total: 2, matching: 1 },
        enroll: { total: 2, matching: 0 },
      });
    });

    it('stores documents', async () => {
      expect(await repo.getDocument('stats')).toBeNull();
      await repo.setDocument('stats', { totalCourses: 7 });
      await repo.setDocument('stats', { totalCourses: 8 });
      expect(await repo.getDocument<{ totalCourses: number }>('stats')).toEqual({ totalCourses: 8 });
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

    it('reorders atomically, lists in that order and puts new items last', async () => {
      const [a, b, c] = [
        await repo.create('homeService', { title: 'a' }),
        await repo.create('homeService', { title: 'b' }),
        await repo.create('homeService', { title: 'c' }),
      ] as const;
      const reordered = await repo.reorder('homeService', [c._id, a._id, b._id]);
      expect(reordered.map((item) => item.title)).toEqual(['c', 'a', 'b']);
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(['c', 'a', 'b']);
      await repo.create('homeService', { title: 'd' });
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(['c', 'a', 'b', 'd']);
      // Other collections keep insertion order.
      await repo.create('career', { title: 'x' });
      expect((await repo.list('career')).map((item) => item.title)).toEqual(['x']);
    });

    it('refuses an order that is not exactly a permutation of the current ids, changing nothing', async () => {
      const items = [];
      for (const title of ['a', 'b', 'c']) items.push(await repo.create('homeCourse', { title }));
      const [a, b, c] = items.map((item) => item._id) as [string, string, string];
      await repo.reorder('homeCourse', [b, a, c]);
      const unknown = '0000000000aaaaaaaaaa';
      for (const ids of [[b, a], [b, a, c, c], [b, a, c, unknown], [b, a, unknown], [], ['../x', a, c]]) {
        await expect(repo.reorder('homeCourse', ids)).rejects.toBeInstanceOf(OrderConflictError);
      }
      expect((await repo.list('homeCourse')).map((item) => item.title)).toEqual(['b', 'a', 'c']);
      expect(await repo.reorder('homeContent', [])).toEqual([]);
    });

    it('two admins reordering the same family at once: both land, the result is one whole order', async () => {
      const items = [];
      for (let i = 0; i < 6; i++) items.push(await repo.create('homeService', { title: `s${i}` }));
      const ids = items.map((item) => item._id);
      const first = [...ids].reverse();
      const second = [ids[2], ids[0], ids[5], ids[1], ids[4], ids[3]] as string[];
      const results = await Promise.allSettled([
        repo.reorder('homeService', first),
        repo.reorder('homeService', second),
        repo.reorder('homeService', first),
        repo.reorder('homeService', second),
      ]);
      expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
      const final = (await repo.list('homeService')).map((item) => item._id);
      expect([first, second]).toContainEqual(final);
    });

    it('a reorder racing creates and deletes loses no item and lists none twice', async () => {
      const items = [];
      for (let i = 0; i < 5; i++) items.push(await repo.create('homeCourse', { title: `c${i}` }));
      const ids = items.map((item) => item._id);
      const outcomes = await Promise.allSettled([
        repo.reorder('homeCourse', [...ids].reverse()),
        repo.create('homeCourse', { title: 'new' }),
        repo.trash('homeCourse', ids[0]!, new Date().toISOString()),
      ]);
      expect(outcomes[1]?.status).toBe('fulfilled');
      const listed = (await repo.list('homeCourse')).map((item) => item.title);
      expect(new Set(listed).size).toBe(listed.length);
      expect([...listed].sort()).toEqual(['c1', 'c2', 'c3', 'c4', 'new']);
    });

    it('moves deleted items to the trash and restores them with the same id, fields and place', async () => {
      const a = await repo.create('homeService', { title: 'a', image: 'x.webp' });
      const b = await repo.create('homeService', { title: 'b' });
      const c = await repo.create('homeService', { title: 'c' });
      await repo.reorder('homeService', [c._id, b._id, a._id]);
      const deletedAt = '2025-01-02T03:04:05.000Z';
      const entry = await repo.trash('homeService', b._id, deletedAt);
      expect(entry).toEqual({ collection: 'homeService', deletedAt, item: b });
      expect(await repo.trash('homeService', b._id, deletedAt)).toBeNull();
      expect(await repo.get('homeService', b._id)).toBeNull();
      expect(await repo.count('homeService')).toBe(2);
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(['c', 'a']);
      expect(await repo.listTrash()).toEqual([entry]);

      expect(await repo.restoreFromTrash('homeService', b._id)).toEqual(b);
      expect(await repo.restoreFromTrash('homeService', b._id)).toBeNull();
      expect(await repo.listTrash()).toEqual([]);
      expect(await repo.get('homeService', b._id)).toEqual(b);
      expect((await repo.list('homeService')).map((item) => item.title)).toEqual(['c', 'b', 'a']);
      expect(await repo.restoreFromTrash('homeService', '0000000000aaaaaaaaaa')).toBeNull();
      expect(await repo.restoreFromTrash('career', b._id)).toBeNull();
    });

    it('trashes request items too, out of their pages, and lists the trash newest deletion first', async () => {
      const older = await repo.create('contact', { name: 'one' });
      const newer = await repo.create('contact', { name: 'two' });
      await repo.trash('contact', older._id, '2025-01-01T00:00:00.000Z');
      await repo.trash('contact', newer._id, '2025-01-03T00:00:00.000Z');
      expect((await repo.listPage('contact', { limit: 5 })).items).toEqual([]);
      expect((await repo.listTrash()).map((entry) => entry.item._id)).toEqual([newer._id, older._id]);
      await repo.restoreFromTrash('contact', older._id);
      expect((await repo.listPage('contact', { limit: 5 })).items).toEqual([older]);
    });

    it('frees a trashed unique name, and refuses a restore whose name was taken meanwhile', async () => {
      const course = await repo.create('enrollCourse', { courseName: 'Forensics' });
      await repo.trash('enrollCourse', course._id, new Date().toISOString());
      const again = await repo.create('enrollCourse', { courseName: 'FORENSICS' });
      await expect(repo.restoreFromTrash('enrollCourse', course._id)).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
      expect(await repo.list('enrollCourse')).toEqual([again]);
      expect(await repo.listTrash()).toHaveLength(1);
      await repo.trash('enrollCourse', again._id, new Date().toISOString());
      expect(await repo.restoreFromTrash('enrollCourse', course._id)).toEqual(course);
      await expect(repo.create('enrollCourse', { courseName: 'forensics' })).rejects.toBeInstanceOf(
        UniqueConflictError,
      );
    });

    it('purges trash entries for good, with their history', async () => {
      const item = await repo.create('career', { title: 'v1' });
      await repo.update('career', item._id, { title: 'v2' });
      await repo.trash('career', item._id, new Date().toISOString());
      expect(await repo.revisions('career', item._id)).toHaveLength(2);
      const purged = await repo.purgeFromTrash('career', item._id);
      expect(purged?.item).toMatchObject({ _id: item._id, title: 'v2' });
      expect(await repo.purgeFromTrash('career', item._id)).toBeNull();
      expect(await repo.listTrash()).toEqual([]);
      expect(await repo.revisions('career', item._id)).toEqual([]);
      expect(await repo.restoreFromTrash('career', item._id)).toBeNull();
    });

    it('keeps the last versions of an item, newest first, reaching back to before the first edit', async () => {
      const item = await repo.create('homeCourse', { title: 'v0', description: 'd' });
      expect(await repo.revisions('homeCourse', item._id)).toEqual([]);
      for (let i = 1; i <= 12; i++) {
        await sleep(2);
        await repo.update('homeCourse', item._id, { title: `v${i}` });
      }
      const revisions = await repo.revisions('homeCourse', item._id);
      expect(revisions).toHaveLength(REVISIONS_KEPT);
      expect(revisions.map((revision) => revision.data.title)).toEqual(
        Array.from({ length: REVISIONS_KEPT }, (_, i) => `v${12 - i}`),
      );
      expect(revisions[0]?.savedAt).toBe(revisions[0]?.data.updatedAt);
      const once = await repo.create('homeCourse', { title: 'first' });
      await repo.update('homeCourse', once._id, { title: 'second' });
      expect((await repo.revisions('homeCourse', once._id)).map((r) => r.data.title)).toEqual([
        'second',
        'first',
      ]);
      expect(await repo.revisions('homeCourse', 'nope')).toEqual([]);
    });

    it('two admins editing one item at once: every saved version is in its history', async () => {
      const item = await repo.create('career', { title: 'start', description: 'd' });
      await Promise.all([
        repo.update('career', item._id, { title: 'from admin A' }),
        repo.update('career', item._id, { title: 'from admin B' }),
      ]);
      const titles = (await repo.revisions('career', item._id)).map((revision) => revision.data.title);
      expect(titles).toEqual(expect.arrayContaining(['from admin A', 'from admin B', 'start']));
      expect(['from admin A', 'from admin B']).toContain((await repo.get('career', item._id))?.title);
    });

    it("counts an item's edits as its version; bookkeeping and a put keep the version they find", async () => {
      const item = await repo.create('homeService', { title: 'v0' });
      expect(versionOf(item)).toBe(0);
      const first = await repo.update('homeService', item._id, { title: 'v1' });
      const second = await repo.update('homeService', item._id, { title: 'v2' });
      expect([first?.item.version, second?.item.version]).toEqual([1, 2]);
      const quiet = await repo.update('homeService', item._id, { note: 'x' }, { touch: false });
      expect(quiet?.item.version).toBe(2);
      await repo.put('homeService', { ...second!.item, title: 'imported' });
      expect((await repo.get('homeService', item._id))?.version).toBe(2);
      expect((await repo.update('homeService', item._id, { title: 'v3' }))?.item.version).toBe(3);
    });

    it('refuses an update made from an older version with the current item, changing nothing', async () => {
      const item = await repo.create('career', { title: 'start', description: 'd' });
      const saved = await repo.update('career', item._id, { title: 'phone' }, { expectedVersion: 0 });
      expect(saved?.item.version).toBe(1);
      const stale = repo.update('career', item._id, { title: 'desktop' }, { expectedVersion: 0 });
      await expect(stale).rejects.toBeInstanceOf(VersionConflictError);
      await stale.catch((error: unknown) =>
        expect((error as VersionConflictError).current).toEqual(saved?.item),
      );
      expect(await repo.get('career', item._id)).toEqual(saved?.item);
      expect((await repo.revisions('career', item._id)).map((revision) => revision.data.title)).toEqual([
        'phone',
        'start',
      ]);
      const current = await repo.update('career', item._id, { title: 'desktop' }, { expectedVersion: 1 });
      expect(current?.item).toMatchObject({ title: 'desktop', version: 2 });
      expect(
        await repo.update('career', '0000000000aaaaaaaaaa', { title: 'x' }, { expectedVersion: 0 }),
      ).toBeNull();
    });

    it('of many edits made at once from the same version, exactly one lands and the others are refused', async () => {
      const item = await repo.create('homeCourse', { title: 'start', description: 'd' });
      const outcomes = await Promise.allSettled(
        ['a', 'b', 'c', 'd', 'e'].map((title) =>
          repo.update('homeCourse', item._id, { title }, { expectedVersion: 0 }),
        ),
      );
      const landed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter(
        (outcome) => outcome.status === 'rejected' && outcome.reason instanceof VersionConflictError,
      );
      expect([landed.length, refused.length]).toEqual([1, 4]);
      const stored = await repo.get('homeCourse', item._id);
      expect(stored).toEqual((landed[0] as PromiseFulfilledResult<{ item: unknown }>).value.item);
      expect(stored?.version).toBe(1);
    });

    it('edits made at once without a version all land, one after another, each as its own version', async () => {
      const item = await repo.create('homeContent', { title: 'start' });
      const results = await Promise.all(
        ['a', 'b', 'c'].map((title) => repo.update('homeContent', item._id, { title })),
      );
      expect(results.map((result) => result?.item.version).sort()).toEqual([1, 2, 3]);
      const stored = await repo.get('homeContent', item._id);
      expect(stored?.version).toBe(3);
      expect(stored?.title).toBe(results.find((result) => result?.item.version === 3)?.item.title);
    });

    it('puts an item only if new when asked: of two such puts at once exactly one writes', async () => {
      const id = idAt(Date.parse('2024-01-01T00:00:00.000Z'));
      const at = '2024-01-01T00:00:00.000Z';
      await Promise.all(
        ['first', 'second'].map((title) =>
          repo.put('siteSettings', { _id: id, createdAt: at, updatedAt: at, title }, { onlyIfNew: true }),
        ),
      );
      const stored = await repo.get('siteSettings', id);
      expect(['first', 'second']).toContain(stored?.title);
      await repo.update('siteSettings', id, { title: 'edited' });
      await repo.put(
        'siteSettings',
        { _id: id, createdAt: at, updatedAt: at, title: 'seed' },
        { onlyIfNew: true },
      );
      expect((await repo.get('siteSettings', id))?.title).toBe('edited');
      expect(await repo.count('siteSettings')).toBe(1);
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
