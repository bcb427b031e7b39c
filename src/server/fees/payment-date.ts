/**
 * Whether a payment may carry the day staff typed. A receipt's number is taken from the financial year of that day
 * (`RCPT/1899-00/0001` for a slip of the keyboard), and a receipt is a tax record that stays as issued: so a day
 * before the batch's course existed is refused outright, and a day in a financial year older than the previous
 * one (whose books are closed) needs an owner, who says why; the reason is kept on the payment and in the audit
 * log. A day before the enrolment itself is fine: a student may pay by UPI before sending the form.
 */
import { API } from '../../lib/api-messages.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { financialYear } from '../../lib/fees.ts';
import { showIstDay, utcToIstDay } from '../../lib/ist.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import type { StoredItem } from '../repository/port.ts';

const refuse = (errors: Record<string, string>) => new HttpError(validationFailure(errors));

/** The financial year before `year` ('2026-27' → '2025-26'). */
const yearBefore = (year: string) => financialYear(`${Number(year.slice(0, 4)) - 1}-04-01`);

/** The IST day the enrolment's batch's course was made, or '' without one. */
async function courseBornOn(deps: Pick<Deps, 'repository'>, request: StoredItem): Promise<string> {
  if (typeof request.batch !== 'string') return '';
  const batch = await deps.repository.get(contentFamilies.batch.key, request.batch);
  const course =
    typeof batch?.course === 'string'
      ? await deps.repository.get(contentFamilies.course.key, batch.course)
      : null;
  return course ? utcToIstDay(course.createdAt) : '';
}

/**
 * Checks a payment's IST day (`paidOn`, YYYY-MM-DD, already known not to be in the future) against the enrolment;
 * answers the owner's reason to keep when the day needed one, else undefined. Refusals name their field and
 * change nothing.
 */
export async function checkPaymentDay(
  deps: Pick<Deps, 'repository' | 'now'>,
  actor: Actor,
  request: StoredItem,
  paidOn: string,
  reason: string | undefined,
): Promise<string | undefined> {
  const born = await courseBornOn(deps, request);
  if (born !== '' && paidOn < born) throw refuse({ paidOn: API.paymentBeforeCourse(showIstDay(born)) });
  const thisYear = financialYear(utcToIstDay(deps.now().toISOString()));
  if (financialYear(paidOn) >= yearBefore(thisYear)) return undefined;
  if (actor.role !== 'owner') throw refuse({ paidOn: API.paymentBackdatedOwner(yearBefore(thisYear)) });
  if (!reason) throw refuse({ reason: API.paymentReasonRequired });
  return reason;
}
