/**
 * A certificate import is staged and committed in chunks that each fit a function's time limit: one call
 * commits IMPORT_CHUNK_ROWS rows and answers 202 with its progress, `POST .../import/{id}` commits the next, and a
 * call that dies half-way through a chunk leaves rows that the next call recognises, so every row ends up
 * imported exactly once. On both stores.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API } from '../../src/lib/api-messages.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { IMPORT_CHUNK_ROWS } from '../../src/server/certificates/staged-import.ts';
import { StoreUnavailableError } from '../../src/server/repository/port.ts';
import { body, freshAddresses, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const ROWS = 3 * IMPORT_CHUNK_ROWS + 30;
/** Rows the interrupted call writes before the store goes away. */
const WRITTEN_BEFORE_FAILURE = 30;

const csv = (prefix: string) =>
  [
    'number,holderName,courseName,issuedOn',
    ...Array.from(
      { length: ROWS },
      (_, index) => `${prefix}-${String(index).padStart(4, '0')},Holder ${index},CEH v9,2019-06-30`,
    ),
  ].join('\n');

interface Progress {
  importId: string;
  done: number;
  total: number;
  imported?: { _id: string; number: string }[];
}

describe.each(STORE_BACKENDS)('certificate import in chunks (%s)', (backend) => {
  let api: Api;
  let stop: () => Promise<void>;
  const address = freshAddresses(backend === 'redis' ? '198.71' : '198.72');
  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'cert-import-chunks'));
  }, 60_000);
  afterAll(() => stop());

  const start = (file: string) =>
    api.admin(`${family.path}/import`, {
      method: 'POST',
      body: file,
      headers: { 'Content-Type': 'text/csv' },
    });
  const resume = (id: string) => api.admin(`${family.path}/import/${id}`, { method: 'POST' });

  it('commits a chunk per call, resumes after a call that died mid-chunk, and imports every row once', async () => {
    const before = await api.repository.count(family.key);
    const first = await start(csv('OLD-CH'));
    expect(first.status).toBe(202);
    const firstBody = await body(first);
    const progress = firstBody.data as Progress;
    expect(progress).toMatchObject({ done: IMPORT_CHUNK_ROWS, total: ROWS });
    expect(firstBody.message).toBe(API.certificateImportProgress(IMPORT_CHUNK_ROWS, ROWS));
    expect(await api.repository.count(family.key)).toBe(before + IMPORT_CHUNK_ROWS);

    // Another file while this one is unfinished: the unfinished one goes on first (its id in the answer) and
    // nothing of the new file is written.
    const other = await start(csv('OLD-OTHER'));
    expect(other.status).toBe(202);
    const otherBody = await body(other);
    expect(otherBody.data).toMatchObject({ importId: progress.importId, done: 2 * IMPORT_CHUNK_ROWS });
    expect(otherBody.message).toBe(API.certificateImportPending(IMPORT_CHUNK_ROWS, ROWS));

    // The next call dies after writing some rows of its chunk (the store goes away, as a killed function would).
    const realCreate = api.deps.repository.create.bind(api.deps.repository);
    let written = 0;
    const create = vi.spyOn(api.deps.repository, 'create').mockImplementation(async (collection, fields) => {
      if (collection === family.key && ++written > WRITTEN_BEFORE_FAILURE)
        throw new StoreUnavailableError('store went away');
      return realCreate(collection, fields);
    });
    expect((await resume(progress.importId)).status).toBe(503);
    create.mockRestore();
    expect(await api.repository.count(family.key)).toBe(
      before + 2 * IMPORT_CHUNK_ROWS + WRITTEN_BEFORE_FAILURE,
    );

    const second = await resume(progress.importId);
    expect(second.status).toBe(202);
    expect((await body(second)).data).toMatchObject({ done: 3 * IMPORT_CHUNK_ROWS, total: ROWS });
    const last = await resume(progress.importId);
    expect(last.status).toBe(201);
    const lastBody = await body(last);
    expect(lastBody.message).toBe(API.certificateImported(ROWS));
    const imported = (lastBody.data as Progress).imported ?? [];
    expect(new Set(imported.map((item) => item._id)).size).toBe(ROWS);
    expect(new Set(imported.map((item) => item.number)).size).toBe(ROWS);

    // Every row exactly once in the store, and verifiable.
    expect(await api.repository.count(family.key)).toBe(before + ROWS);
    const stored = (await api.repository.list(family.key)).map((item) => String(item.number));
    expect(stored.filter((number) => number.startsWith('OLD-OTHER-'))).toEqual([]);
    const numbers = stored.filter((number) => number.startsWith('OLD-CH-'));
    expect(numbers).toHaveLength(ROWS);
    expect(new Set(numbers).size).toBe(ROWS);
    const verified = await api.call(
      `${family.path}/verify/OLD-CH-${String(2 * IMPORT_CHUNK_ROWS + 5).padStart(4, '0')}`,
      { ip: address() },
    );
    expect(verified.status).toBe(200);

    // The staged rows (names, e-mail addresses) are not kept once the import is in.
    expect(await api.repository.getDocument('certificateImport')).toMatchObject({ rows: [], done: ROWS });

    // A repeated call after the end answers the same result and writes nothing.
    const again = await resume(progress.importId);
    expect(again.status).toBe(201);
    expect(await api.repository.count(family.key)).toBe(before + ROWS);
  }, 180_000);

  it('answers 404 for an import id that is not the staged one', async () => {
    expect((await resume('0000000000000-unknown')).status).toBe(404);
  });
});
