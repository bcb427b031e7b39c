/**
 * The student withdraws their enrolment request through their page: the request keeps when (`withdrawnAt`), its
 * staff note starts with a line saying so, and the staff notification the pipeline sends for a new request is sent
 * again through the outbox (its channels pending once more, their retry window counted from now), worded as a
 * withdrawal. The status stays where staff left it: what follows (a refund, a freed seat) is staff's to decide.
 */
import { NOTE_MAX_LENGTH } from '../../lib/enquiries.ts';
import type { Outbox, OutboxEntry } from '../../lib/enquiries.ts';
import { formatIst } from '../../lib/ist.ts';
import { ENROLMENT_LINK } from '../../lib/staff-messages.ts';
import type { Deps } from '../deps.ts';
import { deliverAfterResponse, deliveryLease } from '../enquiries/outbox.ts';
import { leaseWithin } from '../handlers/enroll-payment-handler.ts';
import type { StoredItem } from '../repository/port.ts';
import { WITHDRAWN_FIELD } from './link.ts';

/** Whether it went through (false: a delivery held the request too long; the student is asked to try again). */
export async function withdrawEnrolment(
  deps: Deps,
  enrolment: StoredItem,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<boolean> {
  if (typeof enrolment[WITHDRAWN_FIELD] === 'string') return true;
  const lease = deliveryLease(enrolment._id);
  // The outbox is the delivery's to write while it sends: the new entries wait for it.
  if (!(await leaseWithin(deps, lease))) return false;
  try {
    const current = await deps.repository.get('enroll', enrolment._id);
    if (!current) return false;
    if (typeof current[WITHDRAWN_FIELD] === 'string') return true;
    const at = deps.now().toISOString();
    const line = ENROLMENT_LINK.withdrawnNote(formatIst(at));
    const before = typeof current.note === 'string' ? current.note : '';
    const note = (before ? `${line}\n${before}` : line).slice(0, NOTE_MAX_LENGTH);
    const entry: OutboxEntry = { state: 'pending', attempts: 0, nextAttemptAt: at, since: at };
    const outbox: Outbox = {
      ...((current.outbox ?? {}) as Outbox),
      ...Object.fromEntries(deps.notifier.channels.map((channel) => [channel, { ...entry }])),
    };
    const fields = { [WITHDRAWN_FIELD]: at, note, ...(deps.notifier.channels.length > 0 ? { outbox } : {}) };
    if (!(await deps.repository.update('enroll', current._id, fields))) return false;
  } finally {
    await deps.coordination.releaseLease(lease).catch(() => undefined);
  }
  if (deps.notifier.channels.length > 0) waitUntil(deliverAfterResponse(deps, 'enroll', enrolment._id));
  return true;
}
