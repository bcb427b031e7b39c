/**
 * The pipeline's scheduled work, run by the same scheduled function as the rebuild follow-up (one invocation a
 * minute on Netlify, ticked by the local runner): notification and certificate e-mail retries and the retention
 * purge, each for what the due-time index names as due now. A run with nothing due costs one store command.
 * Never throws: a failure is one log line and the next run tries again.
 */
import { getDeps, type Deps } from '../deps.ts';
import { StoreUnavailableError } from '../repository/port.ts';
import { retryDueCertificateMail } from '../certificates/mail.ts';
import { dueMembers, DUE_QUEUES, type DueMember } from '../schedule/due-index.ts';
import { retryDueOutbox, type OutboxRun } from './outbox.ts';
import { purgeDueRequests } from './privacy.ts';

/** Overlapping runs never purge the same requests at once; shorter than the interval, so a dead run frees the next. */
const RETENTION_LEASE_MS = 50_000;
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

const RETENTION_LEASE = 'retention';
const NOTHING: OutboxRun = { attempted: 0, sent: 0, retrying: 0, failed: 0 };

export async function runScheduledEnquiries(deps: Deps = getDeps()): Promise<EnquiriesRun> {
  let due: DueMember[];
  try {
    due = await dueMembers(deps.coordination, DUE_QUEUES.everyMinute, deps.now().getTime());
  } catch (error) {
    // Without the index no step can run: each says so, as each would have on its own.
    failed('notification retry', error);
    failed('certificate e-mail retry', error);
    return { outbox: 'failed', retention: failed('retention purge', error) };
  }
  const of = (kind: DueMember['kind']) => due.filter((member) => member.kind === kind);
  const [outboxDue, mailDue, retentionDue] = [of('outbox'), of('certificate-mail'), of('retention')];
  let outbox =
    outboxDue.length === 0
      ? { ...NOTHING }
      : await retryDueOutbox(deps, outboxDue).catch((error: unknown) => failed('notification retry', error));
  // Certificate e-mails follow the same retry rules; their counts join the outbox's.
  const certificates =
    mailDue.length === 0
      ? { ...NOTHING }
      : await retryDueCertificateMail(deps, mailDue, CERTIFICATE_MAIL_BUDGET_MS).catch((error: unknown) =>
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
  if (retentionDue.length > 0) {
    try {
      if (await deps.coordination.acquireLease(RETENTION_LEASE, RETENTION_LEASE_MS)) {
        try {
          retention = await purgeDueRequests(deps, retentionDue);
        } finally {
          await deps.coordination.releaseLease(RETENTION_LEASE).catch(() => undefined);
        }
      }
    } catch (error) {
      retention = failed('retention purge', error);
    }
  }
  return { outbox, retention };
}
