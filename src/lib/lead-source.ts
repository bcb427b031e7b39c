/**
 * Where a visitor came from, first party only: the landing page's utm_source, utm_medium and
 * utm_campaign, else the referring site's host, else "direct". Kept in sessionStorage for the visit (no cookie,
 * sent nowhere but with a form the visitor submits here): written by src/components/lead-source-init.ts, read by
 * the assessment form's script; on /contact and /enroll the forms keep and read it (src/islands/lead-source.ts).
 * The shape the API takes (schemas.ts SourceInputSchema).
 */
export interface LeadSource {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  referrer?: string;
}

/** The storage key; the scripts keep their own copy (importing it would pull the islands chunk in). */
export const LEAD_SOURCE_KEY = 'ds-lead-source';
