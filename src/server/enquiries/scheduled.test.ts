/** The scheduled enquiry work's log line when the store does not answer: a reason, not a bare error name. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBlobsServer } from '../../../tests/support/blobs-server.ts';
import { createDeps } from '../deps.ts';
import { createBlobsCoordination } from '../repository/blobs-coordination.ts';
import { createBlobsRepository } from '../repository/blobs-repository.ts';
import { runScheduledEnquiries } from './scheduled.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scheduled enquiry work', () => {
  it('says why the store failed and that the next run tries again', async () => {
    const blobs = await startBlobsServer();
    const store = blobs.getStore('content');
    await blobs.stop(); // a store that no longer answers, as a busy first start's sandbox may not in time
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deps = createDeps(
      {},
      {
        repository: createBlobsRepository({ store, timeoutMs: 300 }),
        coordination: createBlobsCoordination({ store, timeoutMs: 300 }),
      },
    );
    const run = await runScheduledEnquiries(deps);
    expect(run.retention).toBe('failed');
    const lines = warn.mock.calls.map((args) => String(args[0]));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[scheduled\] retention purge failed: StoreUnavailableError: The content store is unavailable\. \((fetch failed: .*ECONNREFUSED.*|No answer within 300 ms)\); the next run tries again$/,
      ),
    );
  });
});
