/**
 * `/enrolment/{token}`, the student's "Your enrolment" page, served by the certificate pages' function
 * (netlify/functions/verify.mts) like the testimonial page, answered live at each request and never cached:
 * - `GET /enrolment/{token}`: the page (enrolments/page.ts), or why the link opens nothing;
 * - `POST /enrolment/{token}` `action=withdraw` (a plain form, no JavaScript): withdraws the request, then 303 back
 *   to the page, which says so (`?done=withdrawn`). A form posted from another site is refused, like the public
 *   forms: the token in the address is the only key, and only the page itself sends it;
 * - `GET /enrolment/{token}/receipt?payment={id}`: a payment's receipt PDF (the staff download's answer);
 * - `GET /enrolment/{token}/batch.ics`: the batch for a calendar.
 * A forged, altered, revoked or erased link shows the same "not valid" page and nothing of the enrolment.
 */
import { ENROLMENT_PAGE as WORDS } from '../../lib/messages.ts';
import { API } from '../../lib/api-messages.ts';
import { originOf } from '../certificates/lookup.ts';
import type { Deps } from '../deps.ts';
import { batchCalendar } from '../enrolments/calendar.ts';
import { ENROLMENT_PAGE_PATH, openEnrolmentLink } from '../enrolments/link.ts';
import { enrolmentMessagePage, enrolmentPage } from '../enrolments/page.ts';
import { enrolmentView } from '../enrolments/view.ts';
import { withdrawEnrolment } from '../enrolments/withdraw.ts';
import { receiptDownload } from '../fees/receipt-mail.ts';
import { readStreamLimited } from '../http/body.ts';
import { isCrossOriginSubmission } from '../http/origin.ts';
import { HttpError, payloadTooLarge } from '../http/respond.ts';

const FORM_LIMIT_BYTES = 1024;
/** The verification pages' rules, and the payment QR code, an inline PNG. */
export const ENROLMENT_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
const PRIVATE = {
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
} as const;

const page = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': ENROLMENT_PAGE_CSP,
      ...PRIVATE,
    },
  });

const redirect = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, ...PRIVATE } });

export async function enrolmentPageHandler(
  deps: Deps,
  request: Request,
  waitUntil: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const url = new URL(request.url);
  const [token = '', ...rest] = url.pathname.slice(ENROLMENT_PAGE_PATH.length + 1).split('/');
  const sub = rest.join('/');
  const posting = request.method === 'POST';
  if (!['GET', 'HEAD', 'POST'].includes(request.method) || (posting && sub !== ''))
    return new Response(null, {
      status: 405,
      headers: { Allow: sub === '' ? 'GET, HEAD, POST' : 'GET, HEAD', ...PRIVATE },
    });
  if (posting && isCrossOriginSubmission(request, deps.env.trustedOrigins))
    return page(enrolmentMessagePage(WORDS.invalid), 403);
  const opened = await openEnrolmentLink(deps, token);
  if (!opened.ok)
    return page(
      enrolmentMessagePage(opened.reason === 'expired' ? WORDS.expired : WORDS.invalid),
      opened.reason === 'expired' ? 410 : 404,
    );
  const { enrolment, batch } = opened;
  const pagePath = `${ENROLMENT_PAGE_PATH}/${token}`;

  if (sub === 'receipt') {
    const answer = await receiptDownload(deps, enrolment, url.searchParams.get('payment'));
    return answer.ok ? answer : page(enrolmentMessagePage(API.receiptNone), 404);
  }
  if (sub === 'batch.ics') {
    const ics = batch
      ? batchCalendar({
          uid: `${batch._id}@${new URL(originOf(deps, request)).hostname}`,
          title: WORDS.calendarTitle(String(enrolment.course ?? ''), String(batch.name ?? '')),
          description: [batch.schedule, batch.mode ? WORDS.modes[String(batch.mode)] : '']
            .filter((part) => typeof part === 'string' && part !== '')
            .join('\n'),
          location: typeof batch.venue === 'string' ? batch.venue : '',
          startDate: batch.startDate,
          endDate: batch.endDate,
          now: deps.now(),
        })
      : null;
    if (!ics) return page(enrolmentMessagePage(WORDS.invalid), 404);
    return new Response(ics, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'attachment; filename="batch.ics"',
        'X-Content-Type-Options': 'nosniff',
        ...PRIVATE,
      },
    });
  }
  if (sub !== '') return page(enrolmentMessagePage(WORDS.invalid), 404);

  if (posting) {
    const form = await readForm(request);
    if (form.get('action') !== 'withdraw') return redirect(pagePath);
    const done = await withdrawEnrolment(deps, enrolment, waitUntil);
    return redirect(done ? `${pagePath}?done=withdrawn` : pagePath);
  }
  const withdrawn = url.searchParams.get('done') === 'withdrawn' && typeof enrolment.withdrawnAt === 'string';
  const view = await enrolmentView(deps, enrolment, batch, {
    pagePath,
    origin: originOf(deps, request),
    notice: withdrawn ? WORDS.withdrawnNotice : null,
  });
  return page(enrolmentPage(view));
}

async function readForm(request: Request): Promise<URLSearchParams> {
  const tooLarge = () => new HttpError(payloadTooLarge(API.requestTooLarge));
  const bytes = await readStreamLimited(request.body, FORM_LIMIT_BYTES, tooLarge);
  return new URLSearchParams(new TextDecoder('utf-8').decode(bytes));
}
