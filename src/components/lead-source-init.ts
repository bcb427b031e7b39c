/**
 * Every public page (issue 25.7): keep the visit's lead source — the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct" — in sessionStorage (no cookie; sent only with a
 * form here; src/lib/lead-source.ts reads it). Self-contained and small on purpose: every public page ships it, and
 * importing a src/lib module the islands share would pull their chunk (and React) in.
 */
try {
  const key = 'ds-lead-source';
  if (!sessionStorage.getItem(key)) {
    const params = new URLSearchParams(location.search);
    const source: Record<string, string> = {};
    for (const part of ['Source', 'Medium', 'Campaign']) {
      const value = params.get(`utm_${part.toLowerCase()}`)?.trim().slice(0, 100);
      if (value) source[`utm${part}`] = value;
    }
    const from = document.referrer && new URL(document.referrer).hostname;
    if (!source.utmSource) source.referrer = from && from !== location.hostname ? from : 'direct';
    sessionStorage.setItem(key, JSON.stringify(source));
  }
} catch {
  // Storage blocked (a privacy mode) or an unreadable referrer: the forms send no source, as before.
}
