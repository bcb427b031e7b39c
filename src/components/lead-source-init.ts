/**
 * Every public page (issue 25.7): keep the visit's lead source — the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct" — in sessionStorage (no cookie; sent only with a
 * form here), and put it into the hidden source fields of a plain HTML form (the assessment form on /services), so
 * a submit with or without its script carries it. Self-contained on purpose: importing a src/lib module the islands
 * share would pull the islands chunk (and React) into every page. The key is src/lib/lead-source.ts's, which the
 * islands' forms read.
 */
const KEY = 'ds-lead-source';
const MAX = 100;

function remember(): Record<string, string> | null {
  try {
    const kept = sessionStorage.getItem(KEY);
    if (kept) return JSON.parse(kept) as Record<string, string>;
    const params = new URLSearchParams(location.search);
    const source: Record<string, string> = {};
    for (const [key, name] of [
      ['utmSource', 'utm_source'],
      ['utmMedium', 'utm_medium'],
      ['utmCampaign', 'utm_campaign'],
    ]) {
      const value = params
        .get(name as string)
        ?.trim()
        .slice(0, MAX);
      if (value) source[key as string] = value;
    }
    if (!source.utmSource) {
      let host = '';
      try {
        host = document.referrer ? new URL(document.referrer).hostname : '';
      } catch {
        host = '';
      }
      source.referrer = host && host !== location.hostname ? host : 'direct';
    }
    sessionStorage.setItem(KEY, JSON.stringify(source));
    return source;
  } catch {
    // Storage blocked (a privacy mode): the forms send no source, as before.
    return null;
  }
}

const source = remember();
if (source)
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[data-lead-source]')))
    input.value = String(source[input.dataset.leadSource ?? ''] ?? '').slice(0, MAX);
