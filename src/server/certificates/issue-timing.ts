/**
 * A completion certificate names a batch that has ended: it is issued, and dated, after the batch's last IST day
 * (the batch's state is batches.ts's to say). An owner may issue one earlier, and the reason is stored with the
 * certificate (`earlyIssueReason`) and so in its audit entry; an editor cannot.
 */
import { FIELD_REASONS } from '../../lib/api-messages.ts';
import { batchState } from '../../lib/batches.ts';
import { showIstDay } from '../../lib/ist.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';

export const EARLY_ISSUE_REASON = 'earlyIssueReason';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Refuses (with the form's field errors) a certificate whose batch has not ended by the day it is dated, or by
 * today. `current`: the stored certificate on an edit, which is checked only when it changes its batch or date.
 */
export async function checkIssueTiming(
  deps: Deps,
  actor: Pick<Actor, 'role'>,
  fields: Record<string, unknown>,
  current: Record<string, unknown> | null = null,
): Promise<void> {
  const batchId = text(fields.batch);
  if (batchId === '') return;
  if (current && text(current.batch) === batchId && text(current.issuedOn) === text(fields.issuedOn)) return;
  const batch = await deps.repository.get('batch', batchId);
  // An unknown batch is the reference check's to refuse.
  if (!batch) return;
  const dated = Date.parse(text(fields.issuedOn));
  const now = deps.now().getTime();
  const earliest = new Date(Number.isFinite(dated) ? Math.min(dated, now) : now);
  if (batchState({ startDate: batch.startDate, endDate: batch.endDate }, 0, earliest) === 'finished') return;
  if (text(fields[EARLY_ISSUE_REASON]) === '')
    throw new HttpError(
      validationFailure({ issuedOn: FIELD_REASONS.certificateBeforeBatchEnd(showIstDay(batch.endDate)) }),
    );
  if (actor.role !== 'owner')
    throw new HttpError(validationFailure({ [EARLY_ISSUE_REASON]: FIELD_REASONS.certificateEarlyOwnerOnly }));
}
