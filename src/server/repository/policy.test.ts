/**
 * The item rules both adapters take from policy.ts; the contract suite proves each adapter applies them against
 * its real backend, these pin the rules themselves.
 */
import { describe, expect, it } from 'vitest';
import { idAt } from './ids.ts';
import {
  arrange,
  checkExpectedVersion,
  itemToPut,
  keptRevisions,
  newItem,
  newestDeletedFirst,
  nextVersion,
  revisionsOfUpdate,
  trashEntry,
  uniqueConflict,
  uniqueValue,
  uniqueFieldRule,
  claimChanges,
  updatedItem,
} from './policy.ts';
import { uniqueRuleOf } from './unique.ts';
import { slugField } from '../../lib/fields.ts';
import { REVISIONS_KEPT, UniqueConflictError, VersionConflictError, type StoredItem } from './port.ts';

const stored = (fields: Record<string, unknown> = {}): StoredItem => ({
  _id: idAt(Date.UTC(2026, 0, 1)),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...fields,
});

describe('item policy', () => {
  it('dates a new item now and drops undefined fields', () => {
    const item = newItem({ title: 'Forensics', image: undefined });
    expect(item).not.toHaveProperty('image');
    expect(item.updatedAt).toBe(item.createdAt);
    expect(Date.now() - Date.parse(item.createdAt)).toBeLessThan(1000);
  });

  it('merges an edit at its version, and keeps date and version for bookkeeping', () => {
    const previous = stored({ title: 'Old', image: 'a.webp', version: 3 });
    const edit = updatedItem(previous, { title: 'New', image: undefined, _id: 'x', createdAt: 'y' }, 4);
    expect(edit).toMatchObject({
      _id: previous._id,
      createdAt: previous.createdAt,
      title: 'New',
      version: 4,
    });
    expect(edit).not.toHaveProperty('image');
    expect(edit.updatedAt > previous.updatedAt).toBe(true);
    const bookkeeping = updatedItem(previous, { outbox: 'sent' }, null);
    expect(bookkeeping).toMatchObject({ updatedAt: previous.updatedAt, version: 3, outbox: 'sent' });
    expect(updatedItem(stored(), { outbox: 'sent' }, null)).not.toHaveProperty('version');
  });

  it('counts versions from 0 and refuses an update made from another version with the stored item', () => {
    expect(nextVersion(stored())).toBe(1);
    expect(nextVersion(stored({ version: 4 }))).toBe(5);
    const current = stored({ version: 2 });
    expect(() => checkExpectedVersion(current, undefined)).not.toThrow();
    expect(() => checkExpectedVersion(current, 2)).not.toThrow();
    expect(() => checkExpectedVersion(current, 1)).toThrow(VersionConflictError);
  });

  it('puts only items with one of our ids', () => {
    expect(itemToPut(stored({ gone: undefined }))).not.toHaveProperty('gone');
    expect(() => itemToPut(stored({ _id: '../docs/stats' }))).toThrow('Not an item id');
  });

  it("compares a family's unique field trimmed and lower-cased, and names it in a conflict", () => {
    expect(uniqueValue('enrollCourse', { courseName: '  Networking ' })).toBe('networking');
    expect(uniqueValue('enrollCourse', null)).toBe('');
    expect(uniqueValue('career', { title: 'Analyst' })).toBe('');
    const [claim] = uniqueFieldRule('enrollCourse', { courseName: '  Networking ' });
    expect(claim).toEqual({ field: 'courseName', value: 'networking' });
    const conflict = uniqueConflict(claim ?? { field: '', value: '' }, 'holder-id');
    expect(conflict).toBeInstanceOf(UniqueConflictError);
    expect(conflict.field).toBe('courseName');
    expect(conflict.holder).toBe('holder-id');
  });

  it('claims every slug an item holds, current and earlier, and a write takes and frees only what changed', () => {
    const rule = uniqueRuleOf([
      { key: 'course', fields: [slugField('slug', { label: 'Address', from: 'title', max: 60 })] },
    ]);
    expect(rule('course', { slug: 'cloud-security', slugHistory: ['cloud'] })).toEqual([
      { field: 'slug', value: 'cloud-security' },
      { field: 'slug', value: 'cloud' },
    ]);
    expect(rule('career', { slug: 'cloud' })).toEqual([]);
    // A rename keeps the old slug (now in the history): only the new one is taken, nothing is freed.
    expect(
      claimChanges(rule, 'course', { slug: 'cloud' }, { slug: 'cloud-security', slugHistory: ['cloud'] }),
    ).toEqual({ taken: [{ field: 'slug', value: 'cloud-security' }], released: [] });
    // A delete frees them all; a create takes them all.
    expect(claimChanges(rule, 'course', { slug: 'a', slugHistory: ['b'] }, null).released).toHaveLength(2);
    expect(claimChanges(rule, 'course', null, { slug: 'a' }).taken).toEqual([{ field: 'slug', value: 'a' }]);
  });
});

describe('history policy', () => {
  it("keeps the replaced version on an item's first edit only", () => {
    const previous = stored({ title: 'Old' });
    const item = updatedItem(previous, { title: 'New' }, 1);
    const first = revisionsOfUpdate(previous, item, false);
    expect(first.map((revision) => revision.data.title)).toEqual(['Old', 'New']);
    expect(first[0]!.rev < first[1]!.rev).toBe(true);
    expect(revisionsOfUpdate(previous, item, true).map((revision) => revision.data.title)).toEqual(['New']);
  });

  it(`keeps the newest ${REVISIONS_KEPT} revisions and drops the rest`, () => {
    const revs = Array.from({ length: REVISIONS_KEPT + 3 }, (_, i) => idAt(Date.UTC(2026, 0, 1) + i));
    const { kept, dropped } = keptRevisions([...revs].reverse());
    expect(kept).toEqual(revs.slice(3).reverse());
    expect(dropped).toEqual(revs.slice(0, 3).reverse());
    expect(keptRevisions(revs.slice(0, 2))).toEqual({ kept: revs.slice(0, 2).reverse(), dropped: [] });
  });
});

describe('trash policy', () => {
  it('keeps the whole item with its family and deletion time, and lists the newest deletion first', () => {
    const item = stored({ title: 'Gone' });
    expect(trashEntry('career', item, '2026-02-01T00:00:00.000Z')).toEqual({
      collection: 'career',
      deletedAt: '2026-02-01T00:00:00.000Z',
      item,
    });
    const older = trashEntry('career', item, '2026-02-01T00:00:00.000Z');
    const newer = trashEntry('contact', item, '2026-03-01T00:00:00.000Z');
    expect(newestDeletedFirst([older, newer])).toEqual([newer, older]);
  });
});

describe('order policy', () => {
  it('lists the last order that still exists, then the rest oldest first', () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((i) => stored({ _id: idAt(Date.UTC(2026, 0, i)) }));
    const gone = idAt(Date.UTC(2025, 0, 1));
    expect(arrange([d!, a!, c!, b!], [c!._id, gone, a!._id]).map((item) => item._id)).toEqual(
      [c, a, b, d].map((item) => item!._id),
    );
  });
});
