/**
 * `GET /api/v1/audit` (owners): the audit log newest first, `limit` per page with `cursor`, by actor, action and
 * an IST date range (`from`, `to`: YYYY-MM-DD, both included).
 */
import { z } from 'zod';
import { isoDay } from '../../lib/enquiries.ts';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_PATH } from '../../lib/identity.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { readAudit } from '../audit/audit-log.ts';
import { ok } from '../http/respond.ts';
import { OWNER, READ, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { isId } from '../repository/ids.ts';

const QuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(AUDIT_PAGE_SIZE),
    cursor: z.string().refine(isId).optional(),
    actor: z.string().trim().min(1).max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ENQUIRY.dateRange,
    path: ['from'],
  });

export const auditRoutes: readonly ApiRoute[] = [staffRoute('GET', AUDIT_PATH, OWNER, READ, list)];

async function list({ request, deps }: StaffInput) {
  // Empty parameters count as absent, as the screen's cleared fields send them.
  const params = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, value]) => value !== ''),
  );
  const query = validate(QuerySchema, params);
  const { entries, nextCursor } = await readAudit(deps, query);
  return ok(entries, { extra: { nextCursor } });
}
