/** `GET /api/v1/requests/summary` (admin): new and total requests per family, for the sidebar's badges. */
import { INITIAL_STATUS, ENQUIRY_PATHS, type RequestsSummary } from '../../lib/enquiries.ts';
import { REQUEST_FAMILY_KEYS } from '../../families/index.ts';
import { ok } from '../http/respond.ts';
import { READ, STAFF, staffRoute, type ApiRoute } from '../http/route-table.ts';

export const requestsSummaryRoutes: readonly ApiRoute[] = [
  staffRoute('GET', ENQUIRY_PATHS.summary, STAFF, READ, async ({ deps }) => {
    // Index sizes, not a scan (indexes.ts): one round trip on Redis, every family counted by one script.
    const tally = await deps.repository.tally(REQUEST_FAMILY_KEYS, 'status', INITIAL_STATUS);
    // Contact and enrolment always (the shape the spec-era admin reads); a later family once it has any.
    const summary = Object.fromEntries(
      REQUEST_FAMILY_KEYS.map((family) => [
        family,
        { new: tally[family]?.matching ?? 0, total: tally[family]?.total ?? 0 },
      ]).filter(
        ([family, counts]) =>
          family === 'contact' || family === 'enroll' || (counts as { total: number }).total > 0,
      ),
    ) as unknown as RequestsSummary;
    return ok(summary);
  }),
];
