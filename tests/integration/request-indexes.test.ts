/**
 * The admin's request list through the API, behind more requests than one search reads: a status
 * filter pages through its index (finding a request however many newer ones have another status), and a text
 * search reads at most SEARCH_SCAN_LIMIT requests per call, then answers what it found, says so, and goes on
 * from its cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFamilies } from '../../src/lib/collections.ts';
import { SEARCH_SCAN_LIMIT } from '../../src/lib/constants.ts';
import { ENQUIRY } from '../../src/lib/staff-messages.ts';
import { mapPool } from '../../src/server/migration/pool.ts';
import { idAt } from '../../src/server/repository/ids.ts';
import type { RedisWithGateway } from '../support/redis-server.ts';
import { body, startApiOn, type Api } from './api-harness.ts';

const contact = requestFamilies.contact;
/** More newer requests than one search reads, so a scan alone could not reach the oldest. */
const NEWER = SEARCH_SCAN_LIMIT + 40;
const START = Date.parse('2026-06-01T04:30:00Z');
/** Request n was sent n minutes after START (ids are made once: each idAt call draws its own random tail). */
const IDS = Array.from({ length: NEWER + 1 }, (_, n) => idAt(START + n * 60_000));

/**
 * On Redis: the seed of 2,041 requests takes seconds there and a minute on the local Blobs server, whose indexes
 * the repository contract covers (repository-indexes.contract.ts); this code path is the same on both.
 */
describe.each(['redis'] as const)('request indexes through the API on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void>;
  let redis: RedisWithGateway | undefined;
  let oldest: string;

  beforeAll(async () => {
    ({ api, stop, redis } = await startApiOn(backend, 'request-indexes'));
    const at = (n: number) => new Date(START + n * 60_000).toISOString();
    const put = (n: number, fields: Record<string, unknown>) =>
      api.repository.put(contact.key, {
        _id: IDS[n] as string,
        createdAt: at(n),
        updatedAt: at(n),
        email: `p${n}@example.in`,
        phone: '9000000003',
        message: 'Course question',
        ...fields,
      });
    // The oldest request is the only one replied to and the only one from Zoya.
    oldest = IDS[0] as string;
    await put(0, { name: 'Zoya Khan', status: 'replied' });
    await mapPool(
      Array.from({ length: NEWER }, (_, i) => i + 1),
      100,
      (n) => put(n, { name: `Person ${n}`, status: 'new' }),
    );
  }, 300_000);
  afterAll(() => stop?.());

  const list = async (query: string) => {
    const response = await api.admin(`${contact.path}?${query}`);
    expect(response.status).toBe(200);
    return (await body(response)) as {
      data: { _id: string; name: string }[];
      nextCursor: string | null;
      message?: string;
      searchStopped?: boolean;
    };
  };

  it('finds the one request with a status behind thousands of newer ones, in one page, without stopping', async () => {
    const replied = await list('status=replied&limit=10');
    expect(replied.data.map((item) => item._id)).toEqual([oldest]);
    expect(replied.nextCursor).toBeNull();
    expect(replied.searchStopped).toBeUndefined();
    if (redis) {
      // The session's two reads and one page of the index: no page of the other 2,000 requests is read.
      redis.requests.length = 0;
      expect((await list('status=replied&limit=10')).data).toHaveLength(1);
      expect(redis.requests).toHaveLength(2 + 1);
    }
    // A search within a status scans only that status's requests.
    const within = await list('status=replied&q=zoya');
    expect(within.data.map((item) => item.name)).toEqual(['Zoya Khan']);
    expect(within.searchStopped).toBeUndefined();
    // The newest page of a status, paged by its cursor.
    const first = await list('status=new&limit=3');
    expect(first.data.map((item) => item.name)).toEqual([
      `Person ${NEWER}`,
      `Person ${NEWER - 1}`,
      `Person ${NEWER - 2}`,
    ]);
    const second = await list(`status=new&limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((item) => item.name)).toEqual([
      `Person ${NEWER - 3}`,
      `Person ${NEWER - 4}`,
      `Person ${NEWER - 5}`,
    ]);
  });

  it('counts new requests for the sidebar from the index', async () => {
    const response = await api.admin('/api/v1/requests/summary');
    expect(response.status).toBe(200);
    const { data } = (await body(response)) as { data: { contact: { new: number; total: number } } };
    expect(data.contact).toEqual({ new: NEWER, total: NEWER + 1 });
  });

  it('stops a search after SEARCH_SCAN_LIMIT requests with what it found, a message and a cursor to go on', async () => {
    const first = await list('q=zoya&limit=10');
    expect(first.data).toEqual([]);
    expect(first.searchStopped).toBe(true);
    expect(first.message).toBe(ENQUIRY.searchStopped(SEARCH_SCAN_LIMIT));
    // The last request it read: the SEARCH_SCAN_LIMIT-th newest.
    expect(first.nextCursor).toBe(IDS[NEWER - SEARCH_SCAN_LIMIT + 1]);
    const next = await list(`q=zoya&limit=10&cursor=${first.nextCursor}`);
    expect(next.data.map((item) => item._id)).toEqual([oldest]);
    expect(next.nextCursor).toBeNull();
    expect(next.searchStopped).toBeUndefined();
    // A search that fills its page before the bound does not stop.
    const found = await list('q=person&limit=5');
    expect(found.data).toHaveLength(5);
    expect(found.searchStopped).toBeUndefined();
    expect(found.message).toBeUndefined();
  });
});
