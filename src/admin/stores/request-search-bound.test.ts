/**
 * A search that reads its most (SEARCH_SCAN_LIMIT requests) before filling a page, as the requests screen's store
 * sees it through the real API: no match yet, the server's "refine your search" message instead of "no matches",
 * and Load more searching on until the match.
 */
import { describe, expect, it } from 'vitest';
import { requestFamilies } from '../../lib/collections.ts';
import { SEARCH_SCAN_LIMIT } from '../../lib/constants.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { mapPool } from '../../server/migration/pool.ts';
import { idAt } from '../../server/repository/ids.ts';
import { signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { createRequestStore } from './request-store.ts';

const contact = requestFamilies.contact;
const START = Date.parse('2026-06-01T04:30:00Z');

signedInAdminPerTest({
  redis: true,
  seed: async (api) => {
    // The oldest request is the only one from Zoya, behind more newer ones than one search reads.
    await mapPool(
      Array.from({ length: SEARCH_SCAN_LIMIT + 10 }, (_, n) => n),
      100,
      (n) => {
        const at = new Date(START + n * 60_000).toISOString();
        return api.repository.put(contact.key, {
          _id: idAt(START + n * 60_000),
          createdAt: at,
          updatedAt: at,
          name: n === 0 ? 'Zoya Khan' : `Person ${n}`,
          email: `p${n}@example.in`,
          phone: '9000000004',
          message: 'Course question',
        });
      },
    );
  },
});

describe('a search that stopped at its bound', () => {
  it('shows the server’s message, not "no matches", and Load more searches on to the match', async () => {
    const store = createRequestStore(contact);
    await store.setFilters({ q: 'zoya' });
    const stopped = store.$list.get();
    expect(stopped.status).toBe('ready');
    expect(stopped.items).toEqual([]);
    expect(stopped.searchStopped).toBe(ENQUIRY.searchStopped(SEARCH_SCAN_LIMIT));
    expect(stopped.nextCursor).not.toBeNull();

    await store.loadMore();
    const found = store.$list.get();
    expect(found.items.map((item) => item.name)).toEqual(['Zoya Khan']);
    expect(found.searchStopped).toBeUndefined();
    expect(found.nextCursor).toBeNull();
  });
});
