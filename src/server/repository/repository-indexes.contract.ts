/**
 * The contract of the repository's sorted indexes (indexes.ts) every adapter passes against a real backend:
 * each index right after a create, an update of status or batch, a trash move and its restore, a delete, a put
 * (how a restore writes) and the one-time build of a store written before the indexes.
 * repository.contract.test.ts runs it for Netlify Blobs and for Upstash Redis.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idAt } from './ids.ts';
import type { IndexRule } from './indexes.ts';
import type { Repository, StoredItem } from './port.ts';

export interface IndexContractBackend {
  /** A new, empty repository (isolated from every other one), keeping indexes by `indexes` (default: registry). */
  fresh(indexes?: IndexRule): Repository;
  /** Another repository on the store of the last `fresh` one (another deploy's code on the same data). */
  sameStore(indexes?: IndexRule): Repository;
  stop(): Promise<void>;
}

/** The rule of a deploy from before the indexes: its writes keep none. */
export const NO_INDEXES: IndexRule = { fields: () => [], entries: () => [] };

const ENROLL = 'enroll';
const CONTACT = 'contact';
const BATCH_A = idAt(Date.parse('2026-01-05T00:00:00Z'));
const BATCH_B = idAt(Date.parse('2026-02-05T00:00:00Z'));

const status = (value: string) => ({ field: 'status', value });
const batch = (value: string) => ({ field: 'batch', value });
const idsOf = (items: readonly StoredItem[]) => items.map((item) => item._id);

export function describeIndexContract(name: string, start: () => Promise<IndexContractBackend>): void {
  describe(`repository index contract: ${name}`, () => {
    let backend: IndexContractBackend;
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

    /** Every id of one index, newest first, read a small page at a time through the cursor. */
    async function allOf(collection: string, by: { field: string; value: string }, limit = 2) {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await repo.listPageBy(collection, by, { limit, cursor });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        ids.push(...idsOf(page.items));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    }

    it('indexes a created request by status and batch, newest first, paged and counted', async () => {
      const first = await repo.create(ENROLL, { name: 'A', status: 'new', batch: BATCH_A });
      const second = await repo.create(ENROLL, { name: 'B', status: 'contacted', batch: BATCH_A });
      const third = await repo.create(ENROLL, { name: 'C', batch: BATCH_B });
      const fourth = await repo.create(ENROLL, { name: 'D', status: 'new' });
      // A request stored without a status counts as new, as everywhere.
      expect(await allOf(ENROLL, status('new'))).toEqual([fourth._id, third._id, first._id]);
      expect(await allOf(ENROLL, status('contacted'))).toEqual([second._id]);
      expect(await allOf(ENROLL, batch(BATCH_A), 1)).toEqual([second._id, first._id]);
      expect(await allOf(ENROLL, batch(BATCH_B))).toEqual([third._id]);
      expect(await repo.countBy(ENROLL, status('new'))).toBe(3);
      expect(await repo.countBy(ENROLL, status('contacted'))).toBe(1);
      expect(await repo.countBy(ENROLL, batch(BATCH_A))).toBe(2);
      expect(await repo.countBy(ENROLL, status('closed'))).toBe(0);
      // Each family has its own indexes.
      expect(await repo.countBy(CONTACT, status('new'))).toBe(0);
      const page = await repo.listPageBy(ENROLL, status('new'), { limit: 2 });
      expect(page.items.map((item) => item.name)).toEqual(['D', 'C']);
      expect(page.nextCursor).toBe(third._id);
    });

    it('moves an item between indexes when its status or batch changes, in the same write', async () => {
      const item = await repo.create(ENROLL, { name: 'A', status: 'new', batch: BATCH_A });
      await repo.update(ENROLL, item._id, { status: 'enrolled' });
      expect(await allOf(ENROLL, status('new'))).toEqual([]);
      expect(await allOf(ENROLL, status('enrolled'))).toEqual([item._id]);
      await repo.update(ENROLL, item._id, { batch: BATCH_B }, { touch: false });
      expect(await allOf(ENROLL, batch(BATCH_A))).toEqual([]);
      expect(await allOf(ENROLL, batch(BATCH_B))).toEqual([item._id]);
      await repo.update(ENROLL, item._id, { batch: undefined });
      expect(await repo.countBy(ENROLL, batch(BATCH_B))).toBe(0);
      expect(await repo.countBy(ENROLL, status('enrolled'))).toBe(1);
      expect(await repo.countBy(ENROLL, status('new'))).toBe(0);
    });

    it("keeps a batch's waitlist as its own index: in while waitlisted there, out once enrolled or moved", async () => {
      const waitlist = (value: string) => ({ field: 'waitlist', value });
      const first = await repo.create(ENROLL, { name: 'A', status: 'waitlisted', batch: BATCH_A });
      const second = await repo.create(ENROLL, { name: 'B', status: 'waitlisted', batch: BATCH_A });
      await repo.create(ENROLL, { name: 'C', status: 'new', batch: BATCH_A });
      await repo.create(ENROLL, { name: 'D', status: 'waitlisted' });
      expect(await allOf(ENROLL, waitlist(BATCH_A))).toEqual([second._id, first._id]);
      await repo.update(ENROLL, first._id, { status: 'enrolled' });
      expect(await allOf(ENROLL, waitlist(BATCH_A))).toEqual([second._id]);
      await repo.update(ENROLL, second._id, { batch: BATCH_B }, { touch: false });
      expect(await repo.countBy(ENROLL, waitlist(BATCH_A))).toBe(0);
      expect(await allOf(ENROLL, waitlist(BATCH_B))).toEqual([second._id]);
    });

    it("finds a payment's UTR and its receipt year, and a certificate's batch, from their indexes", async () => {
      const payment = { kind: 'payment', amount: 100, upiRef: 'utr123', receipt: 'RCPT/2026-27/0007' };
      const paid = await repo.create(ENROLL, { name: 'A', status: 'enrolled', payments: [payment] });
      await repo.create(ENROLL, { name: 'B', status: 'new' });
      expect(await allOf(ENROLL, { field: 'upiRef', value: 'UTR123' })).toEqual([paid._id]);
      expect(await allOf(ENROLL, { field: 'receiptYear', value: '2026-27' })).toEqual([paid._id]);
      const certificate = await repo.create('certificate', { number: 'DS-1', batch: BATCH_A });
      await repo.create('certificate', { number: 'DS-2', batch: BATCH_B });
      expect(await allOf('certificate', batch(BATCH_A))).toEqual([certificate._id]);
    });

    it('takes a trashed item out of its indexes, puts it back on restore, and out for good on delete', async () => {
      const kept = await repo.create(CONTACT, { name: 'Kept', status: 'new' });
      const item = await repo.create(CONTACT, { name: 'Gone', status: 'new' });
      await repo.trash(CONTACT, item._id, new Date().toISOString());
      expect(await allOf(CONTACT, status('new'))).toEqual([kept._id]);
      expect(await repo.countBy(CONTACT, status('new'))).toBe(1);
      await repo.restoreFromTrash(CONTACT, item._id);
      expect(await allOf(CONTACT, status('new'))).toEqual([item._id, kept._id]);
      expect(await repo.countBy(CONTACT, status('new'))).toBe(2);
      await repo.delete(CONTACT, item._id);
      expect(await allOf(CONTACT, status('new'))).toEqual([kept._id]);
      expect(await repo.countBy(CONTACT, status('new'))).toBe(1);
    });

    it('keeps the indexes right through puts, as a restore or an import writes', async () => {
      const at = new Date(Date.parse('2026-03-01T10:00:00Z')).toISOString();
      const id = idAt(Date.parse(at));
      await repo.put(ENROLL, {
        _id: id,
        createdAt: at,
        updatedAt: at,
        name: 'A',
        status: 'new',
        batch: BATCH_A,
      });
      expect(await allOf(ENROLL, batch(BATCH_A))).toEqual([id]);
      // A restore over a store that holds the item with other values moves it.
      await repo.put(ENROLL, { _id: id, createdAt: at, updatedAt: at, name: 'A', status: 'closed' });
      expect(await repo.countBy(ENROLL, batch(BATCH_A))).toBe(0);
      expect(await allOf(ENROLL, status('closed'))).toEqual([id]);
      expect(await repo.countBy(ENROLL, status('new'))).toBe(0);
    });

    it('builds the indexes of a store written before them once, on first use or when a restore asks', async () => {
      const old = backend.fresh(NO_INDEXES);
      const a = await old.create(ENROLL, { name: 'A', status: 'new', batch: BATCH_A });
      const b = await old.create(ENROLL, { name: 'B', status: 'enrolled', batch: BATCH_A });
      const c = await old.create(ENROLL, { name: 'C' });
      const upgraded = backend.sameStore();
      const first = await upgraded.listPageBy(ENROLL, status('new'), { limit: 10 });
      expect(idsOf(first.items)).toEqual([c._id, a._id]);
      expect(await upgraded.countBy(ENROLL, batch(BATCH_A))).toBe(2);
      // Writes made by the old code meanwhile are picked up by a rebuild (a restore runs one after writing).
      const d = await old.create(ENROLL, { name: 'D', status: 'enrolled', batch: BATCH_A });
      await old.update(ENROLL, b._id, { status: 'closed' });
      const restored = backend.sameStore();
      await restored.rebuildIndexes(ENROLL);
      const enrolled = await restored.listPageBy(ENROLL, status('enrolled'), { limit: 10 });
      expect(idsOf(enrolled.items)).toEqual([d._id]);
      expect(idsOf((await restored.listPageBy(ENROLL, status('closed'), { limit: 10 })).items)).toEqual([
        b._id,
      ]);
      expect(await restored.countBy(ENROLL, batch(BATCH_A))).toBe(3);
    });

    it('tallies a status from the index sizes, building the indexes of an older store first', async () => {
      const old = backend.fresh(NO_INDEXES);
      await old.create(CONTACT, { name: 'A' });
      await old.create(CONTACT, { name: 'B', status: 'replied' });
      await old.create(ENROLL, { name: 'C', status: 'new' });
      const upgraded = backend.sameStore();
      expect(await upgraded.tally([CONTACT, ENROLL, 'assessment'], 'status', 'new')).toEqual({
        contact: { total: 2, matching: 1 },
        enroll: { total: 1, matching: 1 },
        assessment: { total: 0, matching: 0 },
      });
      const moved = await upgraded.create(CONTACT, { name: 'D', status: 'new' });
      await upgraded.update(CONTACT, moved._id, { status: 'closed' });
      expect((await upgraded.tally([CONTACT], 'status', 'closed')).contact).toEqual({
        total: 3,
        matching: 1,
      });
    });

    it('answers an empty page and no count for a field that is not indexed', async () => {
      await repo.create(CONTACT, { name: 'A', status: 'new', email: 'a@example.com' });
      expect(
        await repo.listPageBy(CONTACT, { field: 'email', value: 'a@example.com' }, { limit: 5 }),
      ).toEqual({
        items: [],
        nextCursor: null,
      });
      expect(await repo.countBy('homeCourse', status('new'))).toBe(0);
    });
  });
}
