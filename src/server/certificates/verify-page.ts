/**
 * The `/verify/{number}` page, rendered by a function at each request: certificates are issued between
 * deploys, and a certificate's QR code must land on a page that says Valid, Revoked or Not found now, with no
 * JavaScript (docs/decisions.md §35). One small HTML document, its styles inline, `noindex`, and the share
 * preview (title, description) of what it shows.
 */
import { escapeHtml } from '../../lib/html.ts';
import { showIstDay, utcToIstDay } from '../../lib/ist.ts';
import { VERIFY } from '../../lib/messages.ts';
import type { Verification } from './lookup.ts';

export const JWKS_PATH = '/.well-known/jwks.json';

/** LinkedIn's add-to-profile link (a certification with its name, organisation, issue month and year, id, URL). */
export function linkedInUrl(v: Verification, organisation: string, pageUrl: string): string {
  const day = utcToIstDay(v.issuedOn);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: v.course,
    organizationName: organisation,
    ...(day ? { issueYear: day.slice(0, 4), issueMonth: String(Number(day.slice(5, 7))) } : {}),
    certUrl: pageUrl,
    certId: v.number,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0b1220;color:#e6edf6}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}a{color:#7cc4ff}
.status{font-size:2rem;font-weight:700;margin:.5rem 0}.valid{color:#4ade80}.revoked,.missing{color:#f87171}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#9fb0c6}dd{margin:0}
.actions a{display:inline-block;margin:.5rem 1rem .5rem 0;padding:.6rem 1rem;border:1px solid #7cc4ff;border-radius:.4rem;text-decoration:none}
label{display:block;margin:.75rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;max-width:20rem}textarea{font:inherit;padding:.5rem;width:100%;min-height:8rem}
fieldset{border:1px solid #33425a;margin:1rem 0}input[type=radio],input[type=checkbox]{width:auto}.error{color:#f87171}.notice{color:#4ade80}
button{font:inherit;padding:.5rem 1rem;margin-top:.5rem}small{color:#9fb0c6}dd{overflow-wrap:anywhere}img{max-width:100%;height:auto}`;

export function documentOf(title: string, description: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${escapeHtml(description)}">
<meta property="og:type" content="website"><meta name="twitter:card" content="summary">
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** The form that sends a typed number here (plain GET: /verify/find?number= redirects to /verify/{number}). */
export const findForm = (value = '') => `<form method="get" action="/verify/find">
<label for="number">${escapeHtml(VERIFY.numberLabel)}</label>
<input id="number" name="number" required maxlength="60" autocomplete="off" autocapitalize="characters" value="${escapeHtml(value)}">
<button type="submit">${escapeHtml(VERIFY.submit)}</button></form>`;

export function certificatePage(v: Verification, issuer: string, origin: string): string {
  const pageUrl = `${origin}/verify/${encodeURIComponent(v.number)}`;
  const revoked = v.status === 'revoked';
  const revokedOn = showIstDay(v.revokedOn);
  const reason = v.revokedReason ?? '';
  const status = !revoked
    ? VERIFY.valid
    : revokedOn
      ? VERIFY.revoked(revokedOn, reason)
      : VERIFY.revokedUndated(reason);
  // A deleted certificate's number: nothing is known of it but the number and who issued it.
  const known: [string, string][] = [
    [VERIFY.issuer, issuer],
    [VERIFY.number, v.number],
  ];
  const rows: [string, string][] = v.withdrawn
    ? known
    : [
        [VERIFY.holder, v.holderName || VERIFY.holderErased],
        [VERIFY.course, v.course],
        ...(v.batch
          ? ([
              [
                VERIFY.batch,
                `${v.batch.name} (${VERIFY.batchDates(showIstDay(v.batch.startDate), showIstDay(v.batch.endDate))})`,
              ],
            ] as [string, string][])
          : []),
        [VERIFY.issuedOn, showIstDay(v.issuedOn)],
        ...(v.validUntil ? ([[VERIFY.validUntil, showIstDay(v.validUntil)]] as [string, string][]) : []),
        ...known,
      ];
  const actions =
    revoked || !v.credential
      ? ''
      : `<p class="actions"><a href="${escapeHtml(linkedInUrl(v, issuer, pageUrl))}" rel="noopener noreferrer">${escapeHtml(VERIFY.addToLinkedIn)}</a>
<a href="/verify/${encodeURIComponent(v.number)}/credential.jwt" download="${escapeHtml(v.number)}.jwt">${escapeHtml(VERIFY.download)}</a>
<a href="/verify/${encodeURIComponent(v.number)}/certificate.pdf">${escapeHtml(VERIFY.downloadPdf)}</a></p>
<p><small>${escapeHtml(VERIFY.howTo(`${origin}${JWKS_PATH}`))}</small></p>`;
  const body = `<h1>${escapeHtml(VERIFY.title)}</h1>
<p class="status ${revoked ? 'revoked' : 'valid'}" role="status">${escapeHtml(status)}</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${actions}<p><a href="/verify">${escapeHtml(VERIFY.another)}</a></p>`;
  const title = VERIFY.pageTitle(revoked ? status.replace(/: .*$/s, '') : VERIFY.valid, v.number);
  const description = revoked
    ? VERIFY.shareRevoked(issuer)
    : VERIFY.shareValid(v.holderName || VERIFY.holderErased, v.course, issuer);
  return documentOf(title, description, body);
}

export function notFoundPage(number: string, issuer: string): string {
  const body = `<h1>${escapeHtml(VERIFY.title)}</h1>
<p class="status missing" role="status">${escapeHtml(VERIFY.notFound)}</p>
<p>${escapeHtml(VERIFY.notFoundDetail(number))}</p>${findForm(number)}`;
  return documentOf(VERIFY.pageTitle(VERIFY.notFound, number), VERIFY.shareNotFound(issuer), body);
}

export function tooManyPage(seconds: number): string {
  return documentOf(
    VERIFY.title,
    VERIFY.title,
    `<h1>${escapeHtml(VERIFY.title)}</h1><p role="alert">${escapeHtml(VERIFY.tooMany(seconds))}</p>`,
  );
}
