/**
 * An enrolment's facts on its requests-screen card, as the enrolment CSV gives them: its batch (by name, with the
 * batch's state and the request's waitlist place), the reference the student was given, the fee, what is paid and
 * the balance. Rendered inside the card's `<dl>`.
 */
import { balanceOf } from '../../lib/fees.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { showIstDay } from '../../lib/ist.ts';
import { isRecord } from '../../lib/json.ts';
import { ENROLMENT_LINK, PAYMENTS } from '../../lib/staff-messages.ts';
import { istDateTime } from '../format/ist.ts';
import { REQUESTS } from '../admin-copy.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function EnrolmentFacts({ item }: { item: Readonly<Record<string, unknown>> }) {
  const { batch, batchName, batchState, waitlistPlace, reference } = item;
  const { fee, paid, due } = balanceOf(item);
  const owes = fee !== null || paid > 0;
  const kept = isRecord(item.taxRecord) ? item.taxRecord : null;
  return (
    <>
      {kept && (
        <>
          <dt>{PAYMENTS.taxRecord}</dt>
          <dd data-testid="request-tax-record">
            {PAYMENTS.taxRecordLine(showIstDay(kept.erasedAt), showIstDay(kept.keepUntil))}
          </dd>
        </>
      )}
      {typeof item.withdrawnAt === 'string' && (
        <>
          <dt>{REQUESTS.status}</dt>
          <dd data-testid="request-withdrawn">
            {ENROLMENT_LINK.withdrawnBadge(istDateTime(item.withdrawnAt))}
          </dd>
        </>
      )}
      {typeof batch === 'string' && (
        <>
          <dt>{REQUESTS.batch}</dt>
          <dd data-testid="request-batch">
            {REQUESTS.batchLine(
              // A batch since deleted shows its id rather than nothing.
              text(batchName) || batch,
              text(batchState),
              typeof waitlistPlace === 'number' ? waitlistPlace : null,
            )}
          </dd>
        </>
      )}
      {text(reference) && (
        <>
          <dt>{PAYMENTS.reference}</dt>
          <dd data-testid="request-reference">{text(reference)}</dd>
        </>
      )}
      {owes && (
        <>
          <dt>{PAYMENTS.fee}</dt>
          <dd data-testid="request-fee">{fee === null ? PAYMENTS.noFee : formatPaise(fee)}</dd>
          <dt>{PAYMENTS.paidLabel}</dt>
          <dd data-testid="request-paid">{formatPaise(paid)}</dd>
          {due !== null && (
            <>
              <dt>{PAYMENTS.balanceLabel}</dt>
              <dd data-testid="request-balance">{formatPaise(due)}</dd>
            </>
          )}
        </>
      )}
    </>
  );
}
