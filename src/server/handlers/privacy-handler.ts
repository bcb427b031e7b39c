/**
 * Data-principal rights (admin only): `POST /api/v1/privacy/erase` `{email}` deletes every request from that
 * address; `GET /api/v1/privacy/export?email=` answers everything stored about it.
 */
import { ENQUIRY_PATHS } from '../../lib/enquiries.ts';
import { API } from '../../lib/api-messages.ts';
import { DATA_RIGHTS } from '../../lib/staff-messages.ts';
import { PrivacyEmailSchema } from '../../lib/schemas.ts';
import { requireAdmin } from '../auth/guard.ts';
import { auditAction } from '../audit/audit-log.ts';
import { eraseByEmail, requestsByEmail } from '../enquiries/privacy.ts';
import { readJson } from '../http/body.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { notFound, ok } from '../http/respond.ts';
import { dispatch } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import { isPath } from './sub-path.ts';

export const privacyHandler: RouteHandler = async (input) => {
  const { request, deps } = input;
  if (isPath(request, ENQUIRY_PATHS.privacyErase)) {
    return dispatch(request, {
      POST: async () => {
        const actor = await requireAdmin(request, deps, 'write');
        const { email } = validate(PrivacyEmailSchema, await readJson(request));
        const erased = await eraseByEmail(deps, email);
        // Never the e-mail address: the log would then hold what was just erased.
        await auditAction(input, actor, { action: 'erase', family: 'privacy' });
        return ok(erased, { message: DATA_RIGHTS.erased(erased.contact, erased.enroll) });
      },
    });
  }
  if (isPath(request, ENQUIRY_PATHS.privacyExport)) {
    return dispatch(request, {
      GET: async () => {
        const actor = await requireAdmin(request, deps, 'read');
        const email = new URL(request.url).searchParams.get('email') ?? undefined;
        const query = validate(PrivacyEmailSchema, { email });
        const found = await requestsByEmail(deps.repository, query.email);
        await auditAction(input, actor, { action: 'export', family: 'privacy' });
        return ok({ email: query.email, exportedAt: deps.now().toISOString(), ...found });
      },
    });
  }
  return notFound(API.notFoundRoute);
};
