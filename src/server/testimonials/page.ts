/**
 * The learner's testimonial page: one HTML document rendered by the certificate pages' function,
 * with a plain form that posts back to the same address, so it works without JavaScript (docs/decisions.md).
 */
import { TESTIMONIAL_PAGE as WORDS } from '../../lib/messages.ts';
import { escapeHtml } from '../../lib/html.ts';
import { documentOf } from '../certificates/verify-page.ts';
import type { LearnerInput } from './learner-testimonials.ts';

export interface FormState extends LearnerInput {
  /** Whether a testimonial is stored for this certificate (then Save changes and Withdraw are offered). */
  stored: boolean;
}

const checked = (on: boolean) => (on ? ' checked' : '');

export function testimonialFormPage(
  action: string,
  holder: { name: string; course: string },
  state: FormState,
  message: { kind: 'error' | 'notice'; text: string } | null,
): string {
  const ratings = ['', '1', '2', '3', '4', '5']
    .map(
      (value) =>
        `<label><input type="radio" name="rating" value="${value}"${checked(state.rating === value)}> ${escapeHtml(value || WORDS.noRating)}</label>`,
    )
    .join(' ');
  const note = message
    ? `<p class="${message.kind}" role="${message.kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message.text)}</p>`
    : '';
  const withdraw = state.stored
    ? `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="withdraw">
<p><small>${escapeHtml(WORDS.withdrawHint)}</small></p><button type="submit">${escapeHtml(WORDS.withdraw)}</button></form>`
    : '';
  const body = `<h1>${escapeHtml(WORDS.title)}</h1>${note}
<p>${escapeHtml(WORDS.intro(holder.name, holder.course))}</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="action" value="save">
<label for="quote">${escapeHtml(WORDS.quoteLabel)}</label>
<textarea id="quote" name="quote" maxlength="600" required aria-describedby="quote-hint">${escapeHtml(state.quote)}</textarea>
<small id="quote-hint">${escapeHtml(WORDS.quoteHint)}</small>
<fieldset><legend>${escapeHtml(WORDS.ratingLegend)}</legend>${ratings}</fieldset>
<fieldset><legend>${escapeHtml(WORDS.consentLegend)}</legend>
<label><input type="checkbox" name="showName" value="yes"${checked(state.showName)}> ${escapeHtml(WORDS.showName)}</label>
<label><input type="checkbox" name="showCourse" value="yes"${checked(state.showCourse)}> ${escapeHtml(WORDS.showCourse)}</label></fieldset>
<button type="submit">${escapeHtml(state.stored ? WORDS.update : WORDS.save)}</button></form>${withdraw}`;
  return documentOf(WORDS.title, WORDS.title, body);
}

export function testimonialMessagePage(text: string): string {
  return documentOf(
    WORDS.title,
    WORDS.title,
    `<h1>${escapeHtml(WORDS.title)}</h1><p role="status">${escapeHtml(text)}</p>`,
  );
}
