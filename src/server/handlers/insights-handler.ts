/**
 * `GET /api/v1/insights?from=YYYY-MM-DD&to=YYYY-MM-DD` (staff): the owner's view of a range of IST days beside the
 * range of the same length before it, read from the rollups kept at write time (insights/read.ts).
 */
import { API } from '../../lib/api-messages.ts';
import { daysBetween, INSIGHTS_MAX_DAYS, INSIGHTS_PATH } from '../../lib/insights.ts';
import { istDayToUtc } from '../../lib/ist.ts';
import { readInsights } from '../insights/read.ts';
import { badRequest, HttpError, ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute } from '../http/route-table.ts';
import { validationFailure } from '../http/validate.ts';

/** A real IST calendar day as YYYY-MM-DD, or the field's message. */
const dayError = (value: string | null) =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && istDayToUtc(value) !== null
    ? null
    : API.insightsDayInvalid;

export const insightsRoutes: readonly ApiRoute[] = [
  staffRoute('GET', INSIGHTS_PATH, STAFF, READ, async ({ deps, request }) => {
    const query = new URL(request.url).searchParams;
    const from = query.get('from');
    const to = query.get('to');
    const errors = Object.fromEntries(
      Object.entries({ from: dayError(from), to: dayError(to) }).filter(([, error]) => error !== null),
    ) as Record<string, string>;
    if (Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
    const days = daysBetween(from!, to!);
    if (days < 1)
      throw new HttpError(badRequest(API.insightsRangeBackwards, { to: API.insightsRangeBackwards }));
    if (days > INSIGHTS_MAX_DAYS) {
      const message = API.insightsRangeTooLong(INSIGHTS_MAX_DAYS);
      throw new HttpError(badRequest(message, { to: message }));
    }
    return ok(await readInsights(deps, from!, to!));
  }),
];
