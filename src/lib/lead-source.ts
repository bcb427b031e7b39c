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
/**
 * The visit's source, or undefined when none was kept. Read as stored, unchecked: the server refuses anything
 * but its four bounded strings, and /contact's budget has no bytes for a second check.
 */
export function leadSource(): LeadSource | undefined {
  try {
    return (JSON.parse(sessionStorage[LEAD_SOURCE_KEY] as string) as LeadSource | null) ?? undefined;
  } catch {
    return undefined;
  }
}
