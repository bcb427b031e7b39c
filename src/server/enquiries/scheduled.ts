/**
 * The pipeline's scheduled work, run by the same scheduled function as the rebuild follow-up (one invocation a
 * minute on Netlify, ticked by the local runner): notification retries every run, the retention purge at most
 * once an hour. Never throws: a failure is one log line and the next run tries again.
 */
import { getDeps, type Deps } from '../deps.ts';
import { StoreUnavailableError } from '../repository/port.ts';
import { retryCertificateMail } from '../certificates/mail.ts';
import { retryOutbox, type OutboxRun } from './outbox.ts';
import { purgeExpiredRequests } from './privacy.ts';

const RETENTION_EVERY_MS = 60 * 60_000;
const CERTIFICATE_MAIL_BUDGET_MS = 5_000;

export interface EnquiriesRun {
  outbox: OutboxRun | 'failed';
  retention: { contact: number; enroll: number } | 'skipped' | 'failed';
}

/** " (fetch failed: connect ECONNREFUSED …)": the chain of causes, which is where a store failure says why. */
function causes(cause: unknown): string {
  const messages: string[] = [];
  for (let next = cause; next instanceof Error && messages.length < 3; next = next.cause)
    messages.push(next.message);
  return messages.length > 0 ? ` (${messages.join(': ')})` : '';
}

/**
 * The log names the error only, as its message may hold a recipient's address; a store that did not answer is
 * said in words (our own message and its cause), or a first start's slow store reads like a fault.
 */
const failed = (step: string, error: unknown) => {
  const reason =
    error instanceof StoreUnavailableError
      ? `${error.name}: ${error.message}${causes(error.cause)}`
      : error instanceof Error
        ? error.name
        : 'error';
  console.warn(`[scheduled] ${step} failed: ${reason}; the next run tries again`);
  return 'failed' as const;
};

export async function runScheduledEnquiries(deps: Deps = getDeps()): Promise<EnquiriesRun> {
  let outbox = await retryOutbox(deps).catch((error: unknown) => failed('notification retry', error));
  // Issue 23: certificate e-mails follow the same retry rules; their counts join the outbox's.
  const certificates = await retryCertificateMail(deps, CERTIFICATE_MAIL_BUDGET_MS).catch((error: unknown) =>
    failed('certificate e-mail retry', error),
  );
  if (outbox !== 'failed' && certificates !== 'failed')
    outbox = {
      attempted: outbox.attempted + certificates.attempted,
      sent: outbox.sent + certificates.sent,
      retrying: outbox.retrying + certificates.retrying,
      failed: outbox.failed + certificates.failed,
    };
  let retention: EnquiriesRun['retention'] = 'skipped';
  try {
    if (await deps.coordination.acquireLease('retention', RETENTION_EVERY_MS))
      retention = await purgeExpiredRequests(deps);
  } catch (error) {
    retention = failed('retention purge', error);
  }
  return { outbox, retention };
}
