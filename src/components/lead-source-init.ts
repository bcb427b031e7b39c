/**
 * Every public page but /contact and /enroll, whose forms do the same (src/islands/lead-source.ts; a test runs
 * both on the same visits): keep the visit's lead source — the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct" — in sessionStorage (no cookie; sent only with a
 * form here; src/lib/lead-source.ts reads it; the server bounds and checks every part). Self-contained and as
 * small as it can be: every public page ships it (/contact had 0.03 KB of its 80 KB budget left), and importing a
 * src/lib module the islands share would pull their chunk (and React) in.
 */
try {
  if (!sessionStorage['ds-lead-source']) {
    const params = new URLSearchParams(location.search);
    const from = document.referrer && new URL(document.referrer).host;
    sessionStorage['ds-lead-source'] = JSON.stringify(
      params.get('utm_source')
        ? {
            utmSource: params.get('utm_source'),
            utmMedium: params.get('utm_medium') ?? undefined,
            utmCampaign: params.get('utm_campaign') ?? undefined,
          }
        : { referrer: from && from !== location.host ? from : 'direct' },
    );
  }
} catch {
  // Storage blocked (a privacy mode) or an unreadable referrer: the forms send no source, as before.
}
