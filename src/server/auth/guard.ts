/**
 * The admin gate: every admin call needs a valid session cookie (else 401); writes also need a same-origin
 * request, and admin reads refuse a foreign Origin (else 403). Public submissions only refuse a foreign Origin.
 */
import type { Deps } from '../deps.ts';
import { isCrossOriginSubmission, isSameOriginWrite } from '../http/origin.ts';
import { forbidden, HttpError, unauthorized } from '../http/respond.ts';
import { readSessionCookie, verifySessionToken } from './session.ts';

export function hasSession(request: Request, deps: Deps): boolean {
  const secret = deps.env.SESSION_SECRET;
  const token = readSessionCookie(request);
  return Boolean(secret && token && verifySessionToken(token, secret, deps.now()));
}

export function requireAdmin(request: Request, deps: Deps, access: 'read' | 'write'): void {
  if (!hasSession(request, deps)) throw new HttpError(unauthorized());
  if (access === 'write') requireSameOrigin(request, deps);
  // Personal data is never answered to a request that names a foreign origin (a subdomain or a proxy that
  // got hold of the cookie), even though such a page could not read a response without CORS headers.
  else refuseCrossOrigin(request, deps);
}

export function requireSameOrigin(request: Request, deps: Deps): void {
  if (!isSameOriginWrite(request, deps.env.trustedOrigins)) throw new HttpError(forbidden());
}

export function refuseCrossOrigin(request: Request, deps: Deps): void {
  if (isCrossOriginSubmission(request, deps.env.trustedOrigins)) throw new HttpError(forbidden());
}
