/**
 * The pipeline's scheduled work, run by the same scheduled function as the rebuild follow-up (one invocation a
 * minute on Netlify, ticked by the local runner): notification retries every run, the retention purge at most
 * once an hour. Never throws: a failure is one log line and the next run tries again.
 */
import { getDeps, type Deps } from '../deps.ts';
import { retryOutbox, type OutboxRun } from './outbox.ts';
import { purgeExpiredRequests } from './privacy.ts';

const RETENTION_EVERY_MS = 60 * 60_000;

export interface EnquiriesRun {
  outbox: OutboxRun | 'failed';
  retention: { contact: number; enroll: number } | 'skipped' | 'failed';
}

const failed = (step: string, error: unknown) => {
  console.warn(`[scheduled] ${step} failed: ${error instanceof Error ? error.name : 'error'}`);
  return 'failed' as const;
};

export async function runScheduledEnquiries(deps: Deps = getDeps()): Promise<EnquiriesRun> {
  const outbox = await retryOutbox(deps).catch((error: unknown) => failed('notification retry', error));
  let retention: EnquiriesRun['retention'] = 'skipped';
  try {
    if (await deps.repository.acquireLease('retention', RETENTION_EVERY_MS))
      retention = await purgeExpiredRequests(deps);
  } catch (error) {
    retention = failed('retention purge', error);
  }
  return { outbox, retention };
}
