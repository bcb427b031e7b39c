/**
 * Certificates' own routes, beside the generic staff-only content routes of the `certificate` family:
 * - `GET /api/v1/certificate/verify/{number}` (public): the certificate as anyone may see it, with its signed
 *   credential (src/server/certificates); 404 for an unknown number. Counted per address (CERT_LOOKUP_LIMIT_MAX
 *   in the window), and kept by the CDN briefly under the family's tag, which every issue and revoke purges;
 * - `POST /api/v1/certificate/{id}/revoke` `{reason}` (staff, audited): revoked with its reason and date.
 */
import { contentFamilies } from '../../lib/collections.ts';
import { API } from '../../lib/api-messages.ts';
import { CERTIFICATE_CACHE_SECONDS, CERTIFICATE_LOOKUP_RATE_LIMIT } from '../../lib/constants.ts';
import { auditAction } from '../audit/audit-log.ts';
import { purgeTag } from '../cdn/publish-change.ts';
import { originOf, verificationOf, verificationOfNumber } from '../certificates/lookup.ts';
import { certificatePdf, pdfFileName } from '../certificates/pdf.ts';
import { markRevoked, statusIndexOf } from '../certificates/status-list.ts';
import type { StoredItem } from '../repository/port.ts';
import { brandName } from '../../lib/site-config.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import { shortPublicCache } from '../http/cache-policy.ts';
import { conflict, notFound, ok } from '../http/respond.ts';
import {
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteLimit,
  type StaffInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';
import { editorOf, updateAsEditor } from '../http/versions.ts';
import { z } from 'zod';
import { withdrawFromSite } from '../testimonials/learner-testimonials.ts';
import { certificateIssueRoutes } from './certificate-issue-handler.ts';

const family = contentFamilies.certificate;
export const VERIFY_PATH = `${family.path}/verify/:number`;
/** Numbers made here, and old ones staff typed (the text kind's `serial` format), with room for typos. */
export const NUMBER_PARAM = /^[A-Za-z0-9-]{1,60}$/;

/** Lookups per address: the API's and the /verify pages' (one bucket: a page view is a lookup). */
export const LOOKUP_LIMIT: RouteLimit = {
  name: 'address',
  per: 'address',
  counters: (env: Deps['env']) => [
    {
      bucket: 'certificate-lookup',
      rule: { ...CERTIFICATE_LOOKUP_RATE_LIMIT, limit: env.CERT_LOOKUP_LIMIT_MAX },
    },
  ],
  message: API.rateLimited,
};

const RevokeSchema = z.strictObject({
  reason: z
    .string({ error: API.revokeReasonRequired })
    .trim()
    .min(1, API.revokeReasonRequired)
    .max(300, API.revokeReasonRequired),
});

export const certificateRoutes: readonly ApiRoute[] = [
  // Before the family's `:id` routes: `verify` is no certificate id.
  publicRoute('GET', VERIFY_PATH, PUBLIC, READ, verify, {
    family: family.key,
    params: { number: NUMBER_PARAM },
    cache: shortPublicCache(family.cacheTag, CERTIFICATE_CACHE_SECONDS),
    limits: [LOOKUP_LIMIT],
  }),
  staffRoute('POST', `${family.path}/:id/revoke`, STAFF, ['revoke'], revoke, { family: family.key }),
  staffRoute('GET', `${family.path}/:id/pdf`, STAFF, READ, pdf, { family: family.key }),
  ...certificateIssueRoutes,
];

/** The certificate as a PDF file (a revoked one marked revoked across the page). */
async function pdf({ deps, request, params }: StaffInput) {
  const item = await deps.repository.get(family.key, params.id ?? '');
  if (!item) return notFound();
  return pdfResponse(await certificatePdfOf(deps, item, originOf(deps, request)), String(item.number ?? ''));
}

/** The PDF of a stored certificate, with the same public facts the verification page shows. */
export async function certificatePdfOf(deps: Deps, item: StoredItem, origin: string): Promise<Uint8Array> {
  return certificatePdf(await verificationOf(deps, item, origin), brandName, origin);
}

export const pdfResponse = (bytes: Uint8Array, number: string, headers: Record<string, string> = {}) =>
  new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${pdfFileName(number)}"`,
      'Content-Length': String(bytes.length),
      ...headers,
    },
  });

async function verify({
  deps,
  request,
  params,
}: {
  deps: Deps;
  request: Request;
  params: Record<string, string>;
}) {
  const verification = await verificationOfNumber(deps, params.number ?? '', originOf(deps, request));
  if (!verification) return notFound(API.certificateNotFound);
  return ok(verification);
}

/**
 * Revokes with the reason and today's date (revocation is for good: a mistaken certificate is issued again), and
 * takes its learner's testimonial off the site.
 */
export async function revoke(input: StaffInput) {
  const { request, deps, actor, params } = input;
  const { reason } = validate(RevokeSchema, await readJson(request));
  const current = await deps.repository.get(family.key, params.id ?? '');
  if (!current) return notFound();
  if (current.status === 'revoked') return conflict(API.certificateAlreadyRevoked);
  // The status list first: should the next write fail, verifiers already see it revoked, and a retry finishes.
  await markRevoked(deps, current);
  const result = await updateAsEditor(
    deps.repository,
    family.key,
    current._id,
    { status: 'revoked', revokedReason: reason, revokedOn: deps.now().toISOString() },
    editorOf(actor),
    undefined,
  );
  if (!result) return notFound();
  // A place a first lookup handed out while this ran: set too (status-list.ts, ensureStatusIndex).
  if (statusIndexOf(current) === null) await markRevoked(deps, result.item);
  await withdrawFromSite(deps, result.item, editorOf(actor));
  await purgeTag(deps, family.cacheTag);
  await auditAction(input, actor, { action: 'revoke', family: family.key, item: result.item });
  return ok(result.item, { message: API.certificateRevoked });
}
