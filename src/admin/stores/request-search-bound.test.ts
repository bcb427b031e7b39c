/**
 * A search that reads its most (SEARCH_SCAN_LIMIT requests) before filling a page, as the requests screen's store
 * sees it through the real API: no match yet, the server's "refine your search" message instead of "no matches",
 * and Load more searching on until the match.
 */
import { describe, expect, it } from 'vitest';
import { requestFamilies } from '../../lib/collections.ts';
import { SEARCH_SCAN_LIMIT } from '../../lib/constants.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { signedInAdminPerTest } from '../../../tests/support/admin-browser.ts';
import { createRequestStore } from './request-store.ts';

const contact = requestFamilies.contact;

signedInAdminPerTest({
  redis: true,
  seed: async (api) => {
    const request = (name: string, n: number) => ({
      name,
      email: `p${n}@example.in`,
      phone: '9000000004',
      message: 'Course question',
    });
    // The oldest request is the only one from Zoya, behind more newer ones than one search reads (written in
    // groups, each group a second after the one before).
    await api.repository.create(contact.key, request('Zoya Khan', 0));
    for (let group = 0; group * 50 < SEARCH_SCAN_LIMIT + 10; group += 1) {
      api.clock.advance(1000);
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          api.repository.create(contact.key, request(`Person ${group * 50 + i + 1}`, group * 50 + i + 1)),
        ),
      );
    }
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
