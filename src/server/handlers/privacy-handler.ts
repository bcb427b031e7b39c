/**
 * Data-principal rights (owners only): `POST /api/v1/privacy/erase` `{email}` deletes every request from
 * that address for good, a paid enrolment's tax record aside (fees/tax-records.ts); `GET /api/v1/privacy/export?email=`
 * answers everything stored about it, and what an erasure would keep. Both are an
 * owner's decision, as the backup download is: one is irreversible, the other hands over a person's whole record.
 * Each is logged here, with the address masked and the counts, so the log says whose and how much without
 * holding the address.
 */
import { ENQUIRY_PATHS } from '../../lib/enquiries.ts';
import { DATA_RIGHTS } from '../../lib/staff-messages.ts';
import { PrivacyEmailSchema } from '../../lib/schemas.ts';
import { auditAction } from '../audit/audit-log.ts';
import { eraseByEmail, maskEmail, requestsByEmail } from '../enquiries/privacy.ts';
import { certificatesOf } from '../certificates/lookup.ts';
import { taxRecordsOf } from '../fees/tax-records.ts';
import { revokeOnRequest } from '../certificates/privacy.ts';
import { eraseTestimonialsOf, testimonialsOf } from '../testimonials/learner-testimonials.ts';
import { readJson } from '../http/body.ts';
import { enrolmentPath, enrolmentUrl } from '../enrolments/link.ts';
import { ok } from '../http/respond.ts';
import { OWNER, staffRoute, type ApiRoute, type StaffInput } from '../http/route-table.ts';
import { validate } from '../http/validate.ts';

export const privacyRoutes: readonly ApiRoute[] = [
  staffRoute('POST', ENQUIRY_PATHS.privacyErase, OWNER, ['erase'], erase),
  staffRoute('GET', ENQUIRY_PATHS.privacyExport, OWNER, ['export'], exportRecord),
];

async function erase(input: StaffInput) {
  const { request, deps, actor } = input;
  const { email } = validate(PrivacyEmailSchema, await readJson(request));
  const erased = await eraseByEmail(deps, email);
  // Their testimonials go first: they are found through the certificates' addresses, which erasure removes.
  const testimonials = await eraseTestimonialsOf(deps, email);
  // A certificate is not deleted: its number stays, revoked, so a verifier learns it no longer holds.
  const certificates = await revokeOnRequest(deps, email);
  // Whose (masked: the log must not hold what was just erased) and how much.
  await auditAction(input, actor, {
    action: 'erase',
    family: 'privacy',
    title: DATA_RIGHTS.auditTarget(
      maskEmail(email),
      erased.contact,
      erased.enroll,
      null,
      erased.assessment ?? 0,
    ),
  });
  return ok(
    {
      ...erased,
      ...(certificates > 0 ? { certificates } : {}),
      ...(testimonials > 0 ? { testimonials } : {}),
    },
    {
      message: `${DATA_RIGHTS.erased(erased.contact, erased.enroll, erased.assessment ?? 0)}${
        erased.taxRecords ? ` ${DATA_RIGHTS.taxRecordsKept(erased.taxRecords)}` : ''
      }${certificates > 0 ? ` ${DATA_RIGHTS.certificatesRevoked(certificates)}` : ''}${
        testimonials > 0 ? ` ${DATA_RIGHTS.testimonialsErased(testimonials)}` : ''
      }`,
    },
  );
}

/** A HEAD answers the same without logging an export: nothing was handed over. */
async function exportRecord(input: StaffInput) {
  const { request, deps, actor } = input;
  const email = new URL(request.url).searchParams.get('email') ?? undefined;
  const query = validate(PrivacyEmailSchema, { email });
  const found = await requestsByEmail(deps.repository, query.email);
  const certificates = await certificatesOf(deps, query.email);
  const testimonials = await testimonialsOf(deps, query.email);
  if (request.method === 'GET')
    await auditAction(input, actor, {
      action: 'export',
      family: 'privacy',
      title: DATA_RIGHTS.auditTarget(
        maskEmail(query.email),
        found.contact.length,
        found.enroll.length,
        found.trash.length,
        found.assessment.length,
      ),
    });
  const exportedAt = deps.now().toISOString();
  return ok({
    email: query.email,
    exportedAt,
    ...found,
    certificates,
    testimonials,
    // The "Your enrolment" links made for their enrolments (an erasure revokes them: the page opens nothing).
    enrolmentPages: found.enroll.flatMap((item) => {
      const url = enrolmentUrl(deps, item) ?? enrolmentPath(deps.env, item);
      return url ? [{ enrollId: item._id, reference: item.reference ?? null, url }] : [];
    }),
    // What an erasure would keep of their paid enrolments (tax records, without their details), and for how long.
    taxRecords: taxRecordsOf(
      [
        ...found.enroll,
        ...found.trash.filter((entry) => entry.collection === 'enroll').map((entry) => entry.item),
      ],
      exportedAt,
    ),
  });
}
