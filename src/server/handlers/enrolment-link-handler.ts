/**
 * Staff's side of the student's "Your enrolment" link: `POST /api/v1/enroll/{id}/page-link/revoke` raises the
 * enrolment's link generation, so every link sent so far opens nothing (enrolments/link.ts). Audited.
 */
import { API } from '../../lib/api-messages.ts';
import { requestFamilies } from '../../lib/collections.ts';
import { auditAction } from '../audit/audit-log.ts';
import { generationOf, LINK_GENERATION_FIELD } from '../enrolments/link.ts';
import { forAdmin } from '../enquiries/find.ts';
import { notFound, ok } from '../http/respond.ts';
import { STAFF, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';

const enroll = requestFamilies.enroll;
export const ENROLMENT_LINK_REVOKE_PATH = `${enroll.path}/:id/page-link/revoke`;

async function revoke(input: StaffInput) {
  const { deps, params, actor } = input;
  const current = await deps.repository.get(enroll.key, params.id ?? '');
  if (!current) return notFound();
  const updated = await deps.repository.update(enroll.key, current._id, {
    [LINK_GENERATION_FIELD]: generationOf(current) + 1,
  });
  if (!updated) return notFound();
  await auditAction(input, actor, {
    action: 'enrolment-link-revoke',
    family: enroll.key,
    item: updated.item,
  });
  return ok(forAdmin(updated.item), { message: API.enrolmentLinkRevoked });
}

export const enrolmentLinkRoutes: ApiRoute[] = [
  staffRoute('POST', ENROLMENT_LINK_REVOKE_PATH, STAFF, ['enrolment-link-revoke'], revoke, {
    family: enroll.key,
  }),
];
