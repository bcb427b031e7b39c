/**
 * The "Your enrolment" page: one HTML document in the verification pages' look (their `documentOf`), no script,
 * every link a plain link and the withdrawal a plain form posting back to the page. It shows only what the site
 * made or staff recorded (course, batch, status, money, receipts, certificate) and the reference: nothing the
 * sender typed, since anyone can enrol with a stranger's address and that stranger gets the link.
 */
import { escapeHtml } from '../../lib/html.ts';
import { ENROLMENT_PAGE as WORDS } from '../../lib/messages.ts';
import { documentOf } from '../certificates/verify-page.ts';

export type StatusWord = keyof typeof WORDS.statuses;

export interface EnrolmentView {
  reference: string;
  course: string;
  batch: {
    name: string;
    dates: string;
    schedule: string;
    mode: string;
    venue: string;
  } | null;
  status: StatusWord;
  waitlistPlace: number | null;
  /** The IST time the student withdrew, when they did. */
  withdrawnOn: string | null;
  /** Amounts already in rupees ('₹22,000'); null without a fee. */
  money: { fee: string; paid: string; due: string } | null;
  pay: { text: string; payee: string; upiLink: string; qr: string; qrAlt: string } | null;
  receipts: { href: string; text: string }[];
  calendarHref: string | null;
  certificate: { pdf: string; verify: string; number: string; testimonial: string | null } | null;
  contact: { whatsapp: string | null; mailto: string };
  /** The form's address (the page itself) while the request can still be withdrawn. */
  withdrawAction: string | null;
  notice: string | null;
}

const row = (term: string, value: string) =>
  value ? `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>` : '';
const link = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

export function enrolmentPage(view: EnrolmentView): string {
  const notice = view.notice ? `<p class="notice" role="status">${escapeHtml(view.notice)}</p>` : '';
  const statusText = view.withdrawnOn
    ? WORDS.withdrawnStatus(view.withdrawnOn)
    : `${WORDS.statuses[view.status]}${view.waitlistPlace ? ` ${WORDS.waitlistPlace(view.waitlistPlace)}` : ''}`;
  const batch = view.batch;
  const details = `<dl>${row(WORDS.reference, view.reference)}${row(WORDS.course, view.course)}${
    batch
      ? `${row(WORDS.batch, batch.name)}${row(WORDS.dates, batch.dates)}${row(WORDS.schedule, batch.schedule)}${row(
          WORDS.mode,
          WORDS.modes[batch.mode] ?? batch.mode,
        )}${row(WORDS.venue, batch.venue)}`
      : ''
  }</dl>`;
  const calendar = view.calendarHref
    ? `<p class="actions">${link(view.calendarHref, WORDS.calendar)}</p>`
    : '';
  const money = view.money
    ? `<h2>${escapeHtml(WORDS.moneyHeading)}</h2><dl>${row(WORDS.fee, view.money.fee)}${row(WORDS.paid, view.money.paid)}${row(WORDS.due, view.money.due)}</dl>`
    : '';
  const pay = view.pay
    ? `<h2>${escapeHtml(WORDS.payHeading)}</h2><p>${escapeHtml(view.pay.text)}</p><p>${escapeHtml(view.pay.payee)}</p>
<p><img src="${escapeHtml(view.pay.qr)}" alt="${escapeHtml(view.pay.qrAlt)}" width="232" height="232"></p>
<p class="actions">${link(view.pay.upiLink, WORDS.payLink)}</p>`
    : '';
  const receipts =
    view.receipts.length > 0
      ? `<h2>${escapeHtml(WORDS.receiptsHeading)}</h2><ul>${view.receipts
          .map((receipt) => `<li>${link(receipt.href, receipt.text)}</li>`)
          .join('')}</ul>`
      : '';
  const certificate = view.certificate
    ? `<h2>${escapeHtml(WORDS.certificateHeading)}</h2><p class="actions">${link(
        view.certificate.pdf,
        WORDS.certificatePdf(view.certificate.number),
      )}${link(view.certificate.verify, WORDS.certificateVerify)}${
        view.certificate.testimonial ? link(view.certificate.testimonial, WORDS.testimonial) : ''
      }</p>`
    : '';
  const contact = `<h2>${escapeHtml(WORDS.contactHeading)}</h2><p class="actions">${
    view.contact.whatsapp ? link(view.contact.whatsapp, WORDS.whatsapp) : ''
  }${link(view.contact.mailto, WORDS.email)}</p>`;
  const withdraw = view.withdrawAction
    ? `<h2>${escapeHtml(WORDS.withdrawHeading)}</h2><form method="post" action="${escapeHtml(view.withdrawAction)}">
<input type="hidden" name="action" value="withdraw"><p><small>${escapeHtml(WORDS.withdrawHint)}</small></p>
<button type="submit">${escapeHtml(WORDS.withdraw)}</button></form>`
    : '';
  const body = `<h1>${escapeHtml(WORDS.title)}</h1>${notice}<p>${escapeHtml(WORDS.intro(view.reference))}</p>
<h2>${escapeHtml(WORDS.status)}</h2><p class="status-line">${escapeHtml(statusText)}</p>
${details}${calendar}${money}${pay}${receipts}${certificate}${contact}${withdraw}`;
  return documentOf(WORDS.title, WORDS.title, body);
}

/** Why the link opens nothing (the same page for a forged, altered, revoked or erased link). */
export function enrolmentMessagePage(text: string): string {
  return documentOf(
    WORDS.title,
    WORDS.title,
    `<h1>${escapeHtml(WORDS.title)}</h1><p role="status">${escapeHtml(text)}</p>`,
  );
}
