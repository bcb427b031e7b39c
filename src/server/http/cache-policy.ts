/**
 * Cache headers, set in code so each response says who may keep it and for how long.
 *
 * Public content is cached at Netlify's CDN (durable, one year) and purged by cache tag on every write, so
 * visitors get CDN speed and still see a change within seconds. Browsers must revalidate every time
 * (max-age=0): a browser cache cannot be purged, the CDN can. Admin and personal-data responses are never
 * stored anywhere.
 */

/** How long the CDN may serve a stale copy while it refetches in the background (a store hiccup stays invisible). */
const STALE_WHILE_REVALIDATE_SECONDS = 86_400;

export type CachePolicy =
  | { kind: 'public'; tag: string }
  | { kind: 'no-store' }
  /**
   * Live figures (a batch's seats left): the CDN keeps them at most `seconds` and no purge is needed, since what
   * changes them (an enrolment's status) is not a content write.
   */
  | { kind: 'public-short'; tag: string; seconds: number }
  /** Content-addressed files: the name changes whenever the bytes do. */
  | { kind: 'immutable' }
  /** A page for one holder only (a shared preview of a draft): kept by no CDN and no browser. */
  | { kind: 'private' };

export const NO_STORE: CachePolicy = { kind: 'no-store' };
export const PRIVATE_NO_STORE: CachePolicy = { kind: 'private' };
export const publicCache = (tag: string): CachePolicy => ({ kind: 'public', tag });
export const shortPublicCache = (tag: string, seconds: number): CachePolicy => ({
  kind: 'public-short',
  tag,
  seconds,
});

/**
 * A public answer that changes by itself at a known time (an item scheduled to go live or leave) may
 * be kept by the CDN only until then: no purge happens at that moment, and the scheduler's purge may come up to
 * its interval later. The handler caps its answer; the router's cache headers then say the cap.
 */
const cdnCaps = new WeakMap<Response, number>();

/** Lets the CDN keep `response` at most `seconds` (at least 1), with no stale copy served past that. */
export function capCdnAge(response: Response, seconds: number): Response {
  cdnCaps.set(response, Math.max(1, Math.ceil(seconds)));
  return response;
}

/** The cap a handler set on its answer, if any. */
export const cdnCapOf = (response: Response): number | undefined => cdnCaps.get(response);

export function cacheHeaders(policy: CachePolicy, cap?: number): Record<string, string> {
  switch (policy.kind) {
    case 'public':
      return {
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'Netlify-CDN-Cache-Control':
          cap === undefined
            ? `public, durable, s-maxage=31536000, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`
            : `public, durable, s-maxage=${cap}`,
        'Netlify-Cache-Tag': policy.tag,
        // Public content may be shown by other sites and apps; no credentials are ever honoured with it.
        'Access-Control-Allow-Origin': '*',
      };
    case 'public-short':
      return {
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'Netlify-CDN-Cache-Control': `public, s-maxage=${policy.seconds}`,
        'Netlify-Cache-Tag': policy.tag,
        'Access-Control-Allow-Origin': '*',
      };
    case 'immutable':
      return { 'Cache-Control': 'public, max-age=31536000, immutable' };
    case 'no-store':
      return { 'Cache-Control': 'no-store' };
    case 'private':
      return { 'Cache-Control': 'private, no-store', 'Netlify-CDN-Cache-Control': 'no-store' };
  }
}
