/**
 * Cross-site request defence for cookie-authenticated writes, on top of SameSite=Strict: a write must prove
 * it comes from our own pages, by its Origin or, when a browser sends none, by Sec-Fetch-Site.
 */

const allowedOrigins = (request: Request, trusted: readonly string[]) => [
  new URL(request.url).origin,
  ...trusted,
];

/** Admin writes (and logout): an allowed Origin, or Sec-Fetch-Site: same-origin. Anything else is refused. */
export function isSameOriginWrite(request: Request, trusted: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return allowedOrigins(request, trusted).includes(origin);
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * Public submissions (contact, enrol, login) carry no session, so only a request that names a foreign origin
 * is refused: a form posted from another site, never a plain client without an Origin header.
 */
export function isCrossOriginSubmission(request: Request, trusted: readonly string[]): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) return !allowedOrigins(request, trusted).includes(origin);
  return request.headers.get('sec-fetch-site') === 'cross-site';
}
