/** `GET /api/v1/audit` (owners): the audit log newest first, `limit` per page with `cursor`, by actor or action. */
import { z } from 'zod';
import { API } from '../../lib/api-messages.ts';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_PATH } from '../../lib/identity.ts';
import { requireAdmin } from '../auth/guard.ts';
import { readAudit } from '../audit/audit-log.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import { isId } from '../repository/ids.ts';

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
  cursor: z.string().refine(isId).optional(),
  actor: z.string().trim().min(1).max(100).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});

export const auditHandler: RouteHandler = async (input) => {
  if (matchRoute(input.request, AUDIT_PATH)?.kind !== 'collection') return notFound(API.notFoundRoute);
  return dispatch(input.request, { GET: () => list(input) });
};

async function list({ request, deps }: HandlerInput) {
  await requireAdmin(request, deps, 'read', 'owner');
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const query = validate(QuerySchema, params);
  const { entries, nextCursor } = await readAudit(deps, query);
  return ok(entries, { extra: { nextCursor } });
}
