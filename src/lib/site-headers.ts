/**
 * The security headers netlify.toml gives every file of the deploy (its `/*` rule). Netlify applies those rules
 * to files only, so the pages rendered on demand send the same from the page middleware (src/middleware.ts);
 * a test holds the two lists equal.
 */
export const SITE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
};
