/**
 * What the "Your enrolment" page shows of one enrolment, read at each visit from the enrolment, its batch, the
 * Site settings and (once issued) its certificate: a handful of single-item reads, and for a waitlisted request
 * its place, counted over the batch's enrolments only (see waitlistPlaceOf).
 */
import { WAITLISTED } from '../../lib/batches.ts';
import { balanceOf, paymentsOf, upiAmount } from '../../lib/fees.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { showIstDay, showIstDayTime } from '../../lib/ist.ts';
import { ENROLMENT_PAGE as WORDS } from '../../lib/messages.ts';
import { whatsappHref } from '../../lib/site-settings.ts';
import { CERTIFICATE } from '../certificates/lookup.ts';
import { testimonialUrlOf } from '../certificates/mail.ts';
import type { Deps } from '../deps.ts';
import { paymentAskedOf } from '../fees/offer.ts';
import { currentSettings } from '../handlers/settings-handler.ts';
import { qrPng } from '../pdf/kit.ts';
import { idTime } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';
import { checkTestimonialToken, TESTIMONIAL_PATH } from '../testimonials/token.ts';
import type { EnrolmentView, StatusWord } from './page.ts';
import { CERTIFICATE_FIELD, WITHDRAWN_FIELD } from './link.ts';

const QR_PX = 232;
/** The most enrolments a waitlist place is counted over; beyond it the page says "waitlisted" without a place. */
const PLACE_SCAN_LIMIT = 2_000;
const PLACE_PAGE = 200;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const statusWordOf = (status: unknown): StatusWord =>
  status === 'enrolled'
    ? 'enrolled'
    : status === WAITLISTED
      ? 'waitlisted'
      : status === 'declined'
        ? 'declined'
        : 'received';

/**
 * A waitlisted request's place: the waitlisted requests of its batch made before it, plus one. Read newest first
 * and stopped at the batch's own creation (no enrolment into a batch is older than the batch), so the cost is the
 * enrolments made since the batch was added, never the whole history; null past PLACE_SCAN_LIMIT.
 */
async function waitlistPlaceOf(deps: Deps, enrolment: StoredItem, batch: StoredItem): Promise<number | null> {
  const oldest = idTime(batch._id);
  let ahead = 0;
  let read = 0;
  let cursor: string | null = null;
  do {
    const page = await deps.repository.listPage('enroll', { limit: PLACE_PAGE, cursor });
    for (const item of page.items) {
      if (idTime(item._id) < oldest) return ahead + 1;
      if (++read > PLACE_SCAN_LIMIT) return null;
      if (item._id < enrolment._id && item.batch === batch._id && item.status === WAITLISTED) ahead += 1;
    }
    cursor = page.nextCursor;
  } while (cursor);
  return ahead + 1;
}

/** The UPI link for what is still due: the link the enrolment was asked with, its amount set to the balance. */
const linkForDue = (link: string, due: number) => link.replace(/([?&])am=[^&]*/, `$1am=${upiAmount(due)}`);

async function certificateOf(deps: Deps, enrolment: StoredItem, origin: string) {
  const id = text(enrolment[CERTIFICATE_FIELD]);
  const certificate = id ? await deps.repository.get(CERTIFICATE, id) : null;
  // Only a valid certificate is offered; a revoked one shows nothing here (its verification page says why).
  if (!certificate || certificate.status === 'revoked' || text(certificate.number) === '') return null;
  const number = text(certificate.number);
  const verify = `/verify/${encodeURIComponent(number)}`;
  const testimonial = testimonialUrlOf(deps, certificate, origin);
  const token = testimonial?.slice(testimonial.indexOf(`${TESTIMONIAL_PATH}/`) + TESTIMONIAL_PATH.length + 1);
  const open = token ? checkTestimonialToken(deps.env, token, deps.now()).ok : false;
  return { number, verify, pdf: `${verify}/certificate.pdf`, testimonial: open ? testimonial : null };
}

export async function enrolmentView(
  deps: Deps,
  enrolment: StoredItem,
  batch: StoredItem | null,
  { pagePath, origin, notice }: { pagePath: string; origin: string; notice: string | null },
): Promise<EnrolmentView> {
  const settings = await currentSettings(deps);
  const reference = text(enrolment.reference);
  const withdrawnAt = text(enrolment[WITHDRAWN_FIELD]);
  const status = statusWordOf(enrolment.status);
  const balance = balanceOf(enrolment);
  const asked = paymentAskedOf(enrolment);
  // Asked for only while something is due and the request is open: never to a withdrawn or closed request.
  const owes = asked && balance.due !== null && balance.due > 0 && !withdrawnAt && status !== 'declined';
  const dueLink = owes ? linkForDue(asked.upiLink, balance.due as number) : null;
  const dueText = owes ? formatPaise(balance.due as number) : '';
  const receipts = paymentsOf(enrolment)
    .filter((entry) => entry.kind === 'payment' && entry.receipt)
    .map((entry) => ({
      href: `${pagePath}/receipt?payment=${encodeURIComponent(entry.id)}`,
      text: WORDS.receipt(entry.receipt ?? '', formatPaise(entry.amount), showIstDay(entry.paidOn)),
    }));
  const mode = text(batch?.mode);
  return {
    reference,
    course: text(enrolment.course),
    batch: batch
      ? {
          name: text(batch.name),
          dates: WORDS.datesValue(showIstDay(batch.startDate), showIstDay(batch.endDate)),
          schedule: text(batch.schedule),
          mode,
          venue: text(batch.venue),
        }
      : null,
    status,
    waitlistPlace:
      status === 'waitlisted' && batch && !withdrawnAt ? await waitlistPlaceOf(deps, enrolment, batch) : null,
    withdrawnOn: withdrawnAt ? showIstDayTime(withdrawnAt) : null,
    money:
      balance.fee === null
        ? null
        : {
            fee: formatPaise(balance.fee),
            paid: formatPaise(balance.paid),
            due: formatPaise(balance.due ?? 0),
          },
    pay:
      owes && dueLink
        ? {
            text: WORDS.payText(dueText, reference),
            payee: WORDS.payee(asked.payeeName, asked.upiVpa),
            upiLink: dueLink,
            qr: `data:image/png;base64,${Buffer.from(await qrPng(dueLink, QR_PX)).toString('base64')}`,
            qrAlt: WORDS.qrAlt(dueText),
          }
        : null,
    receipts,
    calendarHref: batch ? `${pagePath}/batch.ics` : null,
    certificate: await certificateOf(deps, enrolment, origin),
    contact: {
      whatsapp: whatsappHref(settings.whatsappNumber, WORDS.contactMessage(reference)),
      mailto: `mailto:${settings.email}?subject=${encodeURIComponent(WORDS.contactSubject(reference))}`,
    },
    withdrawAction: withdrawnAt || status === 'declined' ? null : pagePath,
    notice,
  };
}
