/**
 * An archive is one moment of one store, so its slugs are unique and its references point inside it; restore
 * refuses one that is not (altered, or made by something else) before writing anything. Pinned here on fixture
 * families with a slug and references (tests/support/field-kind-families.ts); backup-restore.test.ts runs the
 * whole restore on both stores.
 */
import { describe, expect, it } from 'vitest';
import { batchFamily, courseFamily, trainerFamily } from '../../tests/support/field-kind-families.ts';
import { idAt } from '../../src/server/repository/ids.ts';
import { uniqueRuleOf } from '../../src/server/repository/unique.ts';
import type { StoredItem } from '../../src/server/repository/port.ts';
import { refuseBrokenReferences, refuseRepeatedClaims, RestoreRefusedError } from './restore.ts';

let n = 0;
const item = (fields: Record<string, unknown>): StoredItem => {
  const at = Date.UTC(2026, 0, 1) + ++n * 1000;
  const date = new Date(at).toISOString();
  return { _id: idAt(at), createdAt: date, updatedAt: date, ...fields };
};

const families = [trainerFamily, courseFamily, batchFamily];
const rule = uniqueRuleOf(families);

describe('an archive’s own consistency', () => {
  it('refuses two items holding one slug, current or earlier, and accepts distinct ones', () => {
    const cloud = item({ title: 'Cloud', slug: 'cloud-security', slugHistory: ['cloud'] });
    expect(() =>
      refuseRepeatedClaims(courseFamily.key, [cloud, item({ title: 'Web', slug: 'web' })], rule),
    ).not.toThrow();
    const clash = () =>
      refuseRepeatedClaims(courseFamily.key, [cloud, item({ title: 'Cloudy', slug: 'cloud' })], rule);
    expect(clash).toThrow(RestoreRefusedError);
    expect(clash).toThrow(`collections/${courseFamily.key}.json holds "cloud" twice.`);
  });

  it('refuses a reference to an item the archive does not hold, naming the field', () => {
    const trainer = item({ name: 'Asha' });
    const course = item({ title: 'Malware', slug: 'malware', trainers: [trainer._id] });
    const batch = item({ title: 'June', course: course._id, seats: 5 });
    const whole = {
      [trainerFamily.key]: [trainer],
      [courseFamily.key]: [course],
      [batchFamily.key]: [batch],
    };
    expect(() => refuseBrokenReferences(whole, families)).not.toThrow();
    expect(() => refuseBrokenReferences({ ...whole, [courseFamily.key]: [] }, families)).toThrow(
      `collections/${batchFamily.key}.json item 1 refers in "Course" to an item collections/${courseFamily.key}.json does not hold.`,
    );
    expect(() => refuseBrokenReferences({ ...whole, [trainerFamily.key]: [] }, families)).toThrow(
      RestoreRefusedError,
    );
    // Inside a group's entries too.
    const sessions = item({
      title: 'July',
      course: course._id,
      seats: 5,
      sessions: [{ topic: 'Lab', trainer: trainer._id }],
    });
    // The course without its trainers, so only the session refers to one.
    const withSessions = {
      ...whole,
      [courseFamily.key]: [{ ...course, trainers: [] }],
      [batchFamily.key]: [sessions],
    };
    expect(() => refuseBrokenReferences(withSessions, families)).not.toThrow();
    expect(() => refuseBrokenReferences({ ...withSessions, [trainerFamily.key]: [] }, families)).toThrow(
      `collections/${batchFamily.key}.json item 1 refers in "Trainer" to an item collections/${trainerFamily.key}.json does not hold.`,
    );
  });
});
