/**
 * The answer to a plain HTML form that was refused (the assessment form without JavaScript): a small
 * page with the API's reason and each field's, and a way back. Only our own words are in it (no echo of what was
 * typed); everything is escaped all the same.
 */
import { ASSESSMENT_FORM } from '../../lib/messages.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The field's label on the form, for the reasons list. */
const LABELS: Record<string, string> = {
  organisation: ASSESSMENT_FORM.organisation,
  name: ASSESSMENT_FORM.name,
  email: ASSESSMENT_FORM.email,
  phone: ASSESSMENT_FORM.phone,
  scope: ASSESSMENT_FORM.scopeLegend,
  environment: ASSESSMENT_FORM.environmentLegend,
  compliance: ASSESSMENT_FORM.complianceLegend,
  wantedBy: ASSESSMENT_FORM.wantedBy,
  nda: ASSESSMENT_FORM.ndaLegend,
  gstin: ASSESSMENT_FORM.gstin,
  notes: ASSESSMENT_FORM.notes,
};

export async function refusedPage(answer: Response, back: string): Promise<Response> {
  const body = (await answer.json().catch(() => ({}))) as { message?: unknown; errors?: unknown };
  const message = typeof body.message === 'string' ? body.message : ASSESSMENT_FORM.refusedText;
  const errors =
    typeof body.errors === 'object' && body.errors !== null
      ? Object.entries(body.errors as Record<string, unknown>)
      : [];
  const items = errors
    .map(
      ([field, reason]) =>
        `<li data-field="${escapeHtml(field)}"><strong>${escapeHtml(LABELS[field] ?? field)}</strong>: ${escapeHtml(String(reason))}</li>`,
    )
    .join('');
  const html = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(ASSESSMENT_FORM.refusedTitle)}</title></head>
<body><main><h1>${escapeHtml(ASSESSMENT_FORM.refusedTitle)}</h1><p role="alert">${escapeHtml(message)}</p>
${items ? `<ul class="form-refused">${items}</ul>` : ''}<p>${escapeHtml(ASSESSMENT_FORM.refusedText)}</p>
<p><a href="${escapeHtml(back)}">${escapeHtml(ASSESSMENT_FORM.thanksBack)}</a></p></main></body></html>
`;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  const retryAfter = answer.headers.get('retry-after');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return new Response(html, { status: answer.status, headers });
}
