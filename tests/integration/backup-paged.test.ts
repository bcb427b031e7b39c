/**
 * The daily backup at scale: on Redis a request family is read a page at a time, never as one reply of every
 * item, and the archive holds the same thing `list` would have given (every item, oldest first).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectBackup, collectionPath } from '../../src/server/migration/backup.ts';
import { idAt } from '../../src/server/repository/ids.ts';
import { startApiOn, type Api } from './api-harness.ts';

const ROWS = 1_234;
const START = Date.parse('2026-06-01T04:30:00.000Z');

let api: Api;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ api, stop } = await startApiOn('redis', 'backup-paged:'));
  for (let from = 0; from < ROWS; from += 200)
    await Promise.all(
      Array.from({ length: Math.min(200, ROWS - from) }, (_, offset) => {
        const at = START + (from + offset) * 60_000;
        const time = new Date(at).toISOString();
        return api.repository.put('enroll', {
          _id: idAt(at),
          createdAt: time,
          updatedAt: time,
          name: `Student ${from + offset}`,
          email: `student${from + offset}@example.in`,
          phone: '9876543210',
          course: 'Ethical Hacking',
          message: '',
        });
      }),
    );
}, 60_000);
afterAll(() => stop());

describe('the backup of a large request collection', () => {
  it('reads it a page at a time and archives every item oldest first, as list order', async () => {
    const expected = await api.repository.list('enroll');
    expect(expected).toHaveLength(ROWS);
    const list = vi.spyOn(api.repository, 'list');
    const { files } = await collectBackup(api.repository, api.deps.images.blobs, api.clock.now);
    const listed = list.mock.calls.map(([collection]) => collection);
    list.mockRestore();
    expect(listed).not.toContain('enroll');
    expect(listed).not.toContain('contact');
    const archived = files.find((file) => file.path === collectionPath('enroll'));
    expect(JSON.parse(new TextDecoder().decode(archived?.bytes))).toEqual(expected);
  });
});
