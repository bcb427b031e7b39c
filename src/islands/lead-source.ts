import type { LeadSource } from '../lib/lead-source.ts';

/**
 * The visit's lead source for the contact and enrolment forms. /contact and /enroll leave out the
 * every-page script (components/lead-source-init.ts) for their JS budget, so the forms keep it by the same rule —
 * lead-source.test.ts runs both on the same visits — when they load (a visitor may land on a form, and go on to
 * another page) and read it when sending. Undefined when storage is blocked: the request then carries none. The
 * key is written out (LEAD_SOURCE_KEY): importing it would cost the islands chunk an export.
 */
export function keptLeadSource(): LeadSource | undefined {
  try {
    const params = new URLSearchParams(location.search);
    const from = document.referrer && new URL(document.referrer).host;
    return JSON.parse(
      (sessionStorage['ds-lead-source'] ||= JSON.stringify(
        params.get('utm_source')
          ? {
              utmSource: params.get('utm_source'),
              utmMedium: params.get('utm_medium') ?? undefined,
              utmCampaign: params.get('utm_campaign') ?? undefined,
            }
          : { referrer: from && from !== location.host ? from : 'direct' },
      )) as string,
    ) as LeadSource;
  } catch {
    return undefined;
  }
}

// On load, not only when sending: a visitor who lands on /contact from a campaign and then asks for an assessment
// on /services keeps the campaign (that page's script keeps what is already stored).
keptLeadSource();
