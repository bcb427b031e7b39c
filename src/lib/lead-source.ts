/**
 * Where a visitor came from (issue 25.7), first party only: the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct". Kept in sessionStorage for the visit (no cookie,
 * sent nowhere but with a form the visitor submits here). The islands' forms read it here; every public page's
 * script (src/components/lead-source-init.ts) writes it.
 */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrer?: string;
}

/** Written by src/components/lead-source-init.ts (every public page), which keeps its own copy of the key. */
export const LEAD_SOURCE_KEY = 'ds-lead-source';
/** The server's limit for each part (schemas.ts SOURCE_PART_MAX). */
const MAX = 100;

/** The visit's source, or undefined when none was kept. */
export function leadSource(): LeadSource | undefined {
  try {
    const stored = JSON.parse(sessionStorage.getItem(LEAD_SOURCE_KEY) ?? 'null') as unknown;
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
