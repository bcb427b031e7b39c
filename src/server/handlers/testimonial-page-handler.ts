/**
 * `/testimonial/{token}`, served by the certificate pages' function (netlify/functions/verify.mts):
 * - `GET`: the learner's form (their stored testimonial filled in), or why the link does not work;
 * - `POST` (a plain form, no JavaScript): `action=save` stores the words as a draft for staff; `action=withdraw`
 *   deletes them. Either answers 303 back to the page, which then says what happened (`?done=`).
 * The signed token (testimonials/token.ts) is the only key: no session, nothing cached.
 */
import { TESTIMONIAL_PAGE as WORDS } from '../../lib/messages.ts';
import { CERTIFICATE, verificationOf, originOf } from '../certificates/lookup.ts';
import type { Deps } from '../deps.ts';
import { readStreamLimited } from '../http/body.ts';
import { HttpError, payloadTooLarge } from '../http/respond.ts';
import { API } from '../../lib/api-messages.ts';
import {
  eraseTestimonial,
  saveLearnerTestimonial,
  testimonialOfCertificate,
  type LearnerInput,
} from '../testimonials/learner-testimonials.ts';
import { testimonialFormPage, testimonialMessagePage, type FormState } from '../testimonials/page.ts';
import { checkTestimonialToken, TESTIMONIAL_PATH } from '../testimonials/token.ts';

const FORM_LIMIT_BYTES = 8 * 1024;
const QUOTE_MAX = 600;
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const page = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': PAGE_CSP,
      'X-Robots-Tag': 'noindex',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function testimonialPageHandler(deps: Deps, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const token = url.pathname.slice(TESTIMONIAL_PATH.length + 1);
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST')
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD, POST' } });
  const check = checkTestimonialToken(deps.env, token, deps.now());
  if (!check.ok)
    return page(
      testimonialMessagePage(check.reason === 'expired' ? WORDS.expired : WORDS.invalid),
      check.reason === 'expired' ? 410 : 404,
    );
  const certificate = await deps.repository.get(CERTIFICATE, check.certificateId);
  if (!certificate) return page(testimonialMessagePage(WORDS.invalid), 404);
  if (certificate.status === 'revoked' || text(certificate.holderName) === '')
    return page(testimonialMessagePage(WORDS.unavailable), 410);
  const verification = await verificationOf(deps, certificate, originOf(deps, request));
  const holder = { name: verification.holderName, course: verification.course };
  const action = `${TESTIMONIAL_PATH}/${token}`;
  const stored = await testimonialOfCertificate(deps, certificate);

  if (request.method === 'POST') {
    const form = await readForm(request);
    if (form.get('action') === 'withdraw') {
      if (stored) await eraseTestimonial(deps, stored);
      return redirect(`${action}?done=withdrawn`);
    }
    const input: LearnerInput = {
      quote: (form.get('quote') ?? '').trim(),
      rating: /^[1-5]$/.test(form.get('rating') ?? '') ? String(form.get('rating')) : '',
      showName: form.get('showName') === 'yes',
      showCourse: form.get('showCourse') === 'yes',
    };
    // Refused with what was typed kept in the form: nothing the learner wrote is lost.
    if (input.quote === '' || input.quote.length > QUOTE_MAX)
      return page(
        testimonialFormPage(
          action,
          holder,
          { ...input, stored: stored !== null },
          { kind: 'error', text: WORDS.quoteRequired },
        ),
        400,
      );
    await saveLearnerTestimonial(deps, certificate, verification.course, input);
    return redirect(`${action}?done=saved`);
  }

  const done = url.searchParams.get('done');
  const state: FormState = stored
    ? {
        quote: text(stored.quote),
        rating: text(stored.rating),
        showName: stored.showName === true,
        showCourse: stored.showCourse === true,
        stored: true,
      }
    : { quote: '', rating: '', showName: true, showCourse: true, stored: false };
  if (done === 'withdrawn' && !stored) return page(testimonialMessagePage(WORDS.withdrawn));
  const notice = done === 'saved' && stored ? { kind: 'notice' as const, text: WORDS.saved } : null;
  return page(testimonialFormPage(action, holder, state, notice));
}

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });

async function readForm(request: Request): Promise<URLSearchParams> {
  const tooLarge = () => new HttpError(payloadTooLarge(API.requestTooLarge));
  const bytes = await readStreamLimited(request.body, FORM_LIMIT_BYTES, tooLarge);
  return new URLSearchParams(new TextDecoder('utf-8').decode(bytes));
}
