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
  /** A page for one holder only (a shared preview of a draft, issue 24.4): kept by no CDN and no browser. */
  | { kind: 'private' };

export const NO_STORE: CachePolicy = { kind: 'no-store' };
export const PRIVATE_NO_STORE: CachePolicy = { kind: 'private' };
export const publicCache = (tag: string): CachePolicy => ({ kind: 'public', tag });
export const shortPublicCache = (tag: string, seconds: number): CachePolicy => ({
  kind: 'public-short',
  tag,
  seconds,
});

export function cacheHeaders(policy: CachePolicy): Record<string, string> {
  switch (policy.kind) {
    case 'public':
      return {
        'Cache-Control': 'public, max-age=0, must-revalidate',
        'Netlify-CDN-Cache-Control': `public, durable, s-maxage=31536000, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`,
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
