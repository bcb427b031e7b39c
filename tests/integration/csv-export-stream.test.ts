/**
 * The admin's request CSV leaves the function as a stream built a store page at a time (a buffered answer stops
 * at 6 MB on Netlify): the answer starts before the store has been read to the end, and the bytes are the ones
 * the buffered export wrote (the header, Source only when some row has one, every row newest first).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportPath } from '../../src/lib/collections.ts';
import { CSV_HEADERS } from '../../src/lib/staff-messages.ts';
import { REQUEST_LIST_MAX_LIMIT } from '../../src/lib/constants.ts';
import { idAt } from '../../src/server/repository/ids.ts';
import { startApiOn, type Api } from './api-harness.ts';

const PAGES = 4;
const ROWS = PAGES * REQUEST_LIST_MAX_LIMIT - 7;
const START = Date.parse('2026-11-01T04:30:00.000Z');

let api: Api;
let stop: () => Promise<void>;

/** ROWS contacts a second apart, oldest first; `sourced` says which get a source. */
async function seed(sourced: (index: number) => boolean) {
  for (let from = 0; from < ROWS; from += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, ROWS - from) }, (_, offset) => {
        const index = from + offset;
        const at = new Date(START + index * 1000).toISOString();
        return api.repository.put('contact', {
          _id: idAt(START + index * 1000),
          createdAt: at,
          updatedAt: at,
          name: `Person ${index}`,
          email: `person${index}@example.in`,
          phone: '+91 98765 43210',
          message: index % 2 ? `=cmd|' /C calc'!A0, row ${index}` : `Line one\nline "two" of ${index}`,
          ...(sourced(index) ? { source: { utmSource: `campaign-${index}` } } : {}),
        });
      }),
    );
  }
}

async function clear() {
  for (;;) {
    const { items } = await api.repository.listPage('contact', { limit: 500 });
    if (items.length === 0) return;
    await Promise.all(items.map((item) => api.repository.delete('contact', item._id)));
  }
}

const lines = (csv: string) => csv.replace('\uFEFF', '').split('\r\n');

beforeAll(async () => {
  ({ api, stop } = await startApiOn('redis', 'csv-stream:'));
}, 60_000);
afterAll(() => stop());

describe('request CSV export, streamed', () => {
  it('answers with the header before the store is read to the end, then every row once', async () => {
    await clear();
    await seed((index) => index === ROWS - 1);
    const pages = vi.spyOn(api.deps.repository, 'listPage');
    const response = await api.admin(exportPath('contact'));
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    // Kept, not swallowed: the BOM is part of the bytes.
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    const first = await reader.read();
    let csv = decoder.decode(first.value, { stream: true });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // A buffered export has read all PAGES pages before its answer exists.
    expect(pages.mock.calls.length).toBeLessThan(PAGES);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      csv += decoder.decode(chunk.value, { stream: true });
    pages.mockRestore();
    expect(csv.endsWith('\r\n')).toBe(true);
    const names = [...csv.matchAll(/,Person (\d+),/g)].map((match) => Number(match[1]));
    expect(names).toEqual(Array.from({ length: ROWS }, (_, index) => ROWS - 1 - index));
    expect(lines(csv)[0]).toContain(CSV_HEADERS.source);
    expect(csv).toContain(',campaign-' + String(ROWS - 1));
    expect(csv).toContain(`"'=cmd|' /C calc'!A0, row 1"`);
    expect(csv).toContain(`"Line one\nline ""two"" of 0"`);
  }, 120_000);

  it('finds an optional column that only the oldest row has, and writes none when no row has it', async () => {
    await clear();
    await seed((index) => index === 0);
    const csv = await (await api.admin(exportPath('contact'))).text();
    expect(lines(csv)[0]).toContain(CSV_HEADERS.source);
    expect(lines(csv).at(-2)).toMatch(/,campaign-0$/);
    expect([...csv.matchAll(/,Person \d+,/g)]).toHaveLength(ROWS);

    await clear();
    await seed(() => false);
    const plain = await (await api.admin(exportPath('contact'))).text();
    expect(lines(plain)[0]).not.toContain(CSV_HEADERS.source);
    expect([...plain.matchAll(/,Person \d+,/g)]).toHaveLength(ROWS);
  }, 120_000);
});
