/**
 * The notification outbox. A request is stored together with one outbox entry per configured channel (one
 * atomic write: a stored request can never lack its notifications), then delivery is attempted right after the
 * response and retried by the scheduled function with exponential backoff until OUTBOX_RETRY_WINDOW_MS after
 * the submission, when the entry is marked failed. An attempt holds a per-request lease and re-reads the request
 * under it, and records each channel's outcome before the next send, so a notification the server accepted is
 * never sent again by another worker (docs/decisions.md, "Outbox").
 */
import {
  ACK_CHANNEL,
  OUTBOX_CHANNELS,
  RECEIPT_CHANNEL,
  type NotifyChannel,
  type Outbox,
  type OutboxEntry,
} from '../../lib/enquiries.ts';
import { requestFamilies } from '../../lib/collections.ts';
import { composeAcknowledgement } from './acknowledge.ts';
import { currentSettings } from '../handlers/settings-handler.ts';
import { isRequestFamilyKey, type RequestFamilyKey } from '../../families/index.ts';
import type { Deps } from '../deps.ts';
import type { StoredItem } from '../repository/port.ts';
import { dueMembers, DUE_QUEUES, resync, type DueMember } from '../schedule/due-index.ts';
import { composeNotification } from './compose.ts';
import { paymentAskedOf, paymentQrAttachment } from '../fees/offer.ts';
import { batchLine, composeReceiptMail } from '../fees/receipt-mail.ts';
import { SEND_TIMEOUT_MS, SendError } from './notifier.ts';
import { enrolmentUrl } from '../enrolments/link.ts';

/** Retries stop this long after the submission. */
export const OUTBOX_RETRY_WINDOW_MS = 24 * 60 * 60_000;
const BACKOFF_FIRST_MS = 60_000;
const BACKOFF_MAX_MS = 3 * 60 * 60_000;
/** Longer than every channel's send timeout together: the lease outlives any attempt that holds it. */
const ATTEMPT_LEASE_MS = (OUTBOX_CHANNELS.length + 1) * SEND_TIMEOUT_MS + 30_000;
/** The scheduled run stops starting new attempts after this, well inside a scheduled function's 30 s. */
const SCHEDULED_BUDGET_MS = 20_000;

/** Wait after the `attempts`-th failure: 1 min, 2, 4, … up to 3 h. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));

/** The outbox a new request is stored with: one pending entry per channel configured now. */
export function newOutbox(
  channels: readonly NotifyChannel[],
  now: Date,
  { acknowledge = false } = {},
): Outbox | undefined {
  const all = acknowledge ? [...channels, ACK_CHANNEL] : channels;
  if (all.length === 0) return undefined;
  const entry: OutboxEntry = { state: 'pending', attempts: 0, nextAttemptAt: now.toISOString() };
  return Object.fromEntries(all.map((channel) => [channel, { ...entry }]));
}

const outboxOf = (item: StoredItem) => (item.outbox ?? {}) as Outbox;

const dueChannels = (item: StoredItem, now: Date) =>
  OUTBOX_CHANNELS.filter((channel) => {
    const entry = outboxOf(item)[channel];
    return entry?.state === 'pending' && Date.parse(entry.nextAttemptAt) <= now.getTime();
  });

export type AttemptOutcome = { sent: number; failed: number; retrying: number } | 'busy' | 'gone';

/** Held while a request's outbox is being delivered (and while staff add a receipt to it). */
export const deliveryLease = (id: string) => `notify-${id}`;

/**
 * Attempts every due channel of one request. Never throws: a store or network failure is recorded (or, when
 * the store itself is down, left for the next scheduled run).
 */
export async function attemptDelivery(
  deps: Deps,
  family: RequestFamilyKey,
  id: string,
): Promise<AttemptOutcome> {
  const { repository, coordination } = deps;
  if (!(await coordination.acquireLease(deliveryLease(id), ATTEMPT_LEASE_MS))) return 'busy';
  const outcome = { sent: 0, failed: 0, retrying: 0 };
  try {
    // Re-read under the lease: another worker may have delivered since this one decided to try.
    const item = await repository.get(family, id);
    if (!item) return 'gone';
    let outbox = outboxOf(item);
    for (const channel of dueChannels(item, deps.now())) {
      const previous = outbox[channel] as OutboxEntry;
      const attempts = previous.attempts + 1;
      let entry: OutboxEntry;
      try {
        if (channel === RECEIPT_CHANNEL) {
          const mail = await composeReceiptMail(deps, item, previous);
          await deps.notifier.acknowledge(String(item.email ?? ''), mail);
        } else if (channel === ACK_CHANNEL) {
          // The phone is the company's as the settings say now; the reference was made at submission.
          const settings = await currentSettings(deps);
          // An enrolment asked for a fee repeats it, with its QR code (what the page showed, stored with it).
          const asked = paymentAskedOf(item);
          const text = composeAcknowledgement(
            requestFamilies[family],
            String(item.reference ?? ''),
            settings,
            asked,
            family === 'enroll' ? enrolmentUrl(deps, item) : null,
          );
          const attachments = asked ? [await paymentQrAttachment(asked)] : undefined;
          await deps.notifier.acknowledge(String(item.email ?? ''), {
            ...text,
            ...(attachments ? { attachments } : {}),
          });
        } else {
          // An enrolment into a batch names the batch, as it is now.
          const batch = family === 'enroll' ? await batchLine(deps, item) : null;
          await deps.notifier.send(channel, composeNotification(family, item, deps.env.siteOrigin, batch));
        }
        entry = {
          ...previous,
          state: 'sent',
          attempts,
          nextAttemptAt: previous.nextAttemptAt,
          sentAt: deps.now().toISOString(),
        };
        delete entry.lastError;
        outcome.sent += 1;
      } catch (error) {
        const lastError = error instanceof SendError ? error.message : 'failed';
        const next = deps.now().getTime() + backoffMs(attempts);
        // A receipt's window starts when it was queued, however old the enrolment.
        const giveUp = next > Date.parse(previous.since ?? item.createdAt) + OUTBOX_RETRY_WINDOW_MS;
        entry = {
          ...previous,
          state: giveUp ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: new Date(next).toISOString(),
          lastError,
        };
        if (giveUp) outcome.failed += 1;
        else outcome.retrying += 1;
      }
      outbox = { ...outbox, [channel]: entry };
      // Recorded before the next channel is tried, so a crash between them never repeats this one.
      if (!(await repository.update(family, id, { outbox }, { touch: false }))) return 'gone';
    }
    return outcome;
  } finally {
    await coordination.releaseLease(deliveryLease(id)).catch(() => undefined);
  }
}

/** Delivery right after a submission was answered; failures only ever become outbox state or a log line. */
export async function deliverAfterResponse(deps: Deps, family: RequestFamilyKey, id: string): Promise<void> {
  try {
    await attemptDelivery(deps, family, id);
  } catch (error) {
    // The store went away mid-attempt: the entry is still pending and the scheduled run picks it up.
    console.warn(
      `[notify] delivery deferred for ${family}: ${error instanceof Error ? error.name : 'error'}`,
    );
  }
}

export interface OutboxRun {
  attempted: number;
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * The scheduled retry: the requests the due-time index names as having a channel due, each read by id and checked
 * again (an entry behind its item follows it instead), until the run's time budget is spent; the rest stay due
 * for the next run. Each attempt's write enters the request's next retry time in the index.
 */
export async function retryDueOutbox(deps: Deps, due: readonly DueMember[]): Promise<OutboxRun> {
  const run: OutboxRun = { attempted: 0, sent: 0, retrying: 0, failed: 0 };
  const started = Date.now();
  const now = deps.now().getTime();
  const rules = { retentionDays: deps.env.REQUEST_RETENTION_DAYS };
  for (const member of due) {
    if (Date.now() - started > SCHEDULED_BUDGET_MS) return run;
    const family = member.collection;
    const item = isRequestFamilyKey(family) ? await deps.repository.get(family, member.id) : null;
    if (!(await resync(deps.coordination, rules, member, item, now)) || !isRequestFamilyKey(family)) continue;
    const outcome = await attemptDelivery(deps, family, member.id);
    if (typeof outcome === 'string') continue;
    run.attempted += 1;
    run.sent += outcome.sent;
    run.retrying += outcome.retrying;
    run.failed += outcome.failed;
  }
  return run;
}

/** The outbox's part of the every-minute run on its own: whatever the index names as due now. */
export async function retryOutbox(deps: Deps): Promise<OutboxRun> {
  const due = await dueMembers(deps.coordination, DUE_QUEUES.everyMinute, deps.now().getTime());
  return retryDueOutbox(
    deps,
    due.filter((member) => member.kind === 'outbox'),
  );
}
