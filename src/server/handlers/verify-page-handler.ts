/**
 * The certificate pages and keys outside the API, one function (netlify/functions/verify.mts):
 * - `GET /verify/find?number=…`: the /verify form's plain GET, answered 303 to `/verify/{number}`;
 * - `GET /verify/{number}`: the page (src/server/certificates/verify-page.ts), 404 with its page when unknown;
 * - `GET /verify/{number}/credential.jwt`: the signed credential as a file;
 * - `GET /verify/{number}/certificate.pdf`: the certificate PDF, for a valid certificate only (a revoked one: 303
 *   to its page);
 * - `GET /verify/status/1`: the revocation status list credential (a VC-JWT), which every credential's
 *   `credentialStatus` points at; kept by the CDN as briefly as the pages, under the tag a revoke purges;
 * - `GET /.well-known/jwks.json`: the public keys credentials are checked with;
 * - `GET|POST /testimonial/{token}`: the learner's testimonial form (testimonial-page-handler.ts);
 * - `GET|POST /enrolment/{token}[/…]`: the student's "Your enrolment" page (enrolment-page-handler.ts).
 * Lookups count against the API's per-address limit (one bucket); pages are kept by the CDN as briefly as the
 * API's answers, under the same tag that issuing and revoking purge.
 */
import { CERTIFICATE_CACHE_SECONDS } from '../../lib/constants.ts';
import { brandName } from '../../lib/site-config.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { publicKeySet } from '../certificates/credential.ts';
import { signedStatusList, STATUS_LIST_PATH } from '../certificates/status-list.ts';
import { originOf, verificationOfNumber } from '../certificates/lookup.ts';
import { normaliseNumber } from '../certificates/number.ts';
import { certificatePage, JWKS_PATH, notFoundPage, tooManyPage } from '../certificates/verify-page.ts';
import { cacheHeaders, shortPublicCache } from '../http/cache-policy.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { HttpError } from '../http/respond.ts';
import { applyRouteLimits } from '../http/route-limits.ts';
import { publicRoute, PUBLIC, READ } from '../http/route-table.ts';
import { LOOKUP_LIMIT, NUMBER_PARAM, pdfResponse } from './certificate-handler.ts';
import { certificatePdf } from '../certificates/pdf.ts';
import { TESTIMONIAL_PATH } from '../testimonials/token.ts';
import { testimonialPageHandler } from './testimonial-page-handler.ts';
import { ENROLMENT_PAGE_PATH } from '../enrolments/link.ts';
import { enrolmentPageHandler } from './enrolment-page-handler.ts';

const CACHE = shortPublicCache(contentFamilies.certificate.cacheTag, CERTIFICATE_CACHE_SECONDS);
/** The page's own rules: no script at all, its inline styles, forms to itself only. */
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
/** The route the limits are declared on, for applyRouteLimits (the API's verify route counts the same bucket). */
const LIMITED = publicRoute('GET', '/verify/:number', PUBLIC, READ, () => Promise.resolve(new Response()), {
  limits: [LOOKUP_LIMIT],
});

const html = (body: string, status: number, cached: boolean) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'X-Robots-Tag': 'noindex',
      ...(cached ? cacheHeaders(CACHE) : { 'Cache-Control': 'no-store' }),
    },
  });

/** A path segment decoded, or '' when it is not valid percent-encoding (then no number: Not found). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export const verifyPageHandler: RouteHandler = async ({ request, deps, ip, waitUntil }) => {
  const url = new URL(request.url);
  // The learner's testimonial page, the other page a certificate's holder is sent to.
  if (url.pathname.startsWith(`${TESTIMONIAL_PATH}/`)) return testimonialPageHandler(deps, request);
  // The student's "Your enrolment" page: another signed-link page of the same kind.
  if (url.pathname.startsWith(`${ENROLMENT_PAGE_PATH}/`))
    return enrolmentPageHandler(deps, request, waitUntil);
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  if (url.pathname === JWKS_PATH) {
    return new Response(JSON.stringify(await publicKeySet(deps.env)), {
      headers: {
        'Content-Type': 'application/jwk-set+json',
        'Access-Control-Allow-Origin': '*',
        'Cache-Control': 'public, max-age=300',
      },
    });
  }
  if (url.pathname === STATUS_LIST_PATH) {
    const list = await signedStatusList(deps, originOf(deps, request));
    // No signing key, no credentials: nothing points at a list.
    if (!list) return new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
    return new Response(list, {
      headers: {
        'Content-Type': 'application/jwt',
        'Access-Control-Allow-Origin': '*',
        ...cacheHeaders(CACHE),
      },
    });
  }
  const parts = url.pathname.split('/').filter(Boolean).slice(1);
  if (parts[0] === 'find' && parts.length === 1) {
    const typed = normaliseNumber(url.searchParams.get('number') ?? '');
    const target = NUMBER_PARAM.test(typed) ? `/verify/${encodeURIComponent(typed)}` : '/verify';
    return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
  }
  const number = decoded(parts[0] ?? '');
  const asFile = parts.length === 2 && parts[1] === 'credential.jwt';
  const asPdf = parts.length === 2 && parts[1] === 'certificate.pdf';
  if (!NUMBER_PARAM.test(number) || (parts.length !== 1 && !asFile && !asPdf))
    return html(notFoundPage(number.slice(0, 60), brandName), 404, false);
  try {
    await applyRouteLimits(LIMITED, deps, ip, null);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const retryAfter = error.response.headers.get('Retry-After') ?? '60';
    const page = html(tooManyPage(Number(retryAfter)), 429, false);
    page.headers.set('Retry-After', retryAfter);
    return page;
  }
  const origin = originOf(deps, request);
  const verification = await verificationOfNumber(deps, number, origin);
  if (!verification) return html(notFoundPage(number, brandName), 404, false);
  if (asFile) {
    if (!verification.credential) return html(notFoundPage(number, brandName), 404, false);
    return new Response(verification.credential, {
      headers: {
        'Content-Type': 'application/jwt',
        'Content-Disposition': `attachment; filename="${verification.number}.jwt"`,
        ...cacheHeaders(CACHE),
      },
    });
  }
  if (asPdf) {
    // Only a valid certificate downloads: a revoked one must never yield a clean-looking PDF, so it is sent to
    // its page, which says Revoked and why.
    if (verification.status !== 'valid')
      return new Response(null, {
        status: 303,
        headers: {
          Location: `/verify/${encodeURIComponent(verification.number)}`,
          'Cache-Control': 'no-store',
        },
      });
    return pdfResponse(
      await certificatePdf(verification, brandName, origin),
      verification.number,
      cacheHeaders(CACHE),
    );
  }
  return html(certificatePage(verification, brandName, origin), 200, true);
};
