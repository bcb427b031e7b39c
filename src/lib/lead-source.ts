/**
 * Where a visitor came from (issue 25.7), first party only: the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct". Kept in sessionStorage for the visit (no cookie,
 * sent nowhere but with a form the visitor submits here). Browser code; tiny, since every public page loads it.
 */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrer?: string;
}

const KEY = 'ds-lead-source';
/** The server's limit for each part (schemas.ts SOURCE_PART_MAX). */
const MAX = 100;
const UTM = [
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmCampaign', 'utm_campaign'],
] as const;

/** The landing page's source; later pages of the same visit keep it. */
export function rememberLeadSource(location: Location = window.location, referrer = document.referrer): void {
  try {
    if (sessionStorage.getItem(KEY)) return;
    const params = new URLSearchParams(location.search);
    const source: LeadSource = {};
    for (const [key, name] of UTM) {
      const value = params.get(name)?.trim().slice(0, MAX);
      if (value) source[key] = value;
    }
    if (!source.utmSource) {
      let host = '';
      try {
        host = referrer ? new URL(referrer).hostname : '';
      } catch {
        host = '';
      }
      source.referrer = host && host !== location.hostname ? host : 'direct';
    }
    sessionStorage.setItem(KEY, JSON.stringify(source));
  } catch {
    // Storage blocked (a privacy mode): the forms send no source, as before.
  }
}

/** The visit's source, or undefined when none was kept. */
export function leadSource(): LeadSource | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return undefined;
    const source: LeadSource = {};
    for (const key of ['utmSource', 'utmMedium', 'utmCampaign', 'referrer'] as const) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') source[key] = value.slice(0, MAX);
    }
    return Object.keys(source).length > 0 ? source : undefined;
  } catch {
    return undefined;
  }
}
