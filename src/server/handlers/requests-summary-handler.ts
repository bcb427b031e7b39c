/** `GET /api/v1/requests/summary` (admin): new and total requests per family, for the sidebar's badges. */
import { INITIAL_STATUS, ENQUIRY_PATHS, type RequestsSummary } from '../../lib/enquiries.ts';
import { REQUEST_FAMILY_KEYS } from '../../lib/registry.ts';
import { API } from '../../lib/api-messages.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { notFound, ok } from '../http/respond.ts';
import { dispatch } from '../http/route.ts';
import { isPath } from './sub-path.ts';

export const requestsSummaryHandler: RouteHandler = async ({ request, deps }) => {
  if (!isPath(request, ENQUIRY_PATHS.summary)) return notFound(API.notFoundRoute);
  return dispatch(request, {
    GET: async () => {
      await requireAdmin(request, deps, 'read');
      // One round trip on Redis: both families are counted by one script.
      const tally = await deps.repository.tally(REQUEST_FAMILY_KEYS, 'status', INITIAL_STATUS);
      const summary = Object.fromEntries(
        REQUEST_FAMILY_KEYS.map((family) => [
          family,
          { new: tally[family]?.matching ?? 0, total: tally[family]?.total ?? 0 },
        ]),
      ) as unknown as RequestsSummary;
      return ok(summary);
    },
  });
};
