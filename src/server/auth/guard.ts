/**
 * The admin gate: every admin call needs a live server-side session of an enabled account (else 401, saying so
 * when the account was disabled); writes also need a same-origin request, and admin reads refuse a foreign Origin
 * (else 403); an account on a temporary password may only change it (else 403); owner-only routes refuse
 * editors (403). Public submissions only refuse a foreign Origin.
 */
import { API } from '../../lib/api-messages.ts';
import type { Role } from '../../lib/identity.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import type { Deps } from '../deps.ts';
import { isCrossOriginSubmission, isSameOriginWrite } from '../http/origin.ts';
import { failure, forbidden, HttpError, unauthorized } from '../http/respond.ts';
import { DISABLED, lookUpSession, type ActiveSession } from './sessions.ts';

/** Who is acting: what the audit log records and the role checks read. */
export interface Actor {
  accountId: string;
  userId: string;
  name: string;
  role: Role;
  sessionId: string;
}

const RANK: Record<Role, number> = { editor: 1, owner: 2 };

const lookups = new WeakMap<Request, ReturnType<typeof lookUpSession>>();

/** The session as looked up once per request however many checks ask; DISABLED for a disabled account's. */
export function sessionStateOf(request: Request, deps: Deps): ReturnType<typeof lookUpSession> {
  let found = lookups.get(request);
  if (!found) {
    found = lookUpSession(request, deps);
    lookups.set(request, found);
  }
  return found;
}

/** The request's live session, or null. */
export async function sessionOf(request: Request, deps: Deps): Promise<ActiveSession | null> {
  const found = await sessionStateOf(request, deps);
  return found === DISABLED ? null : found;
}

export const actorOf = ({ session, account }: ActiveSession): Actor => ({
  accountId: account._id,
  userId: account.userId,
  name: account.name,
  role: account.role,
  sessionId: session._id,
});

export async function requireAdmin(
  request: Request,
  deps: Deps,
  access: 'read' | 'write',
  role: Role = 'editor',
  /** The password change itself: the one thing an account on a temporary password may do. */
  options: { whilePasswordChangeDue?: boolean } = {},
): Promise<Actor> {
  const found = await sessionStateOf(request, deps);
  if (found === DISABLED) throw new HttpError(failure(401, AUTH.accountDisabled));
  if (!found) throw new HttpError(unauthorized());
  if (access === 'write') requireSameOrigin(request, deps);
  // Personal data is never answered to a request that names a foreign origin (a subdomain or a proxy that
  // got hold of the cookie), even though such a page could not read a response without CORS headers.
  else refuseCrossOrigin(request, deps);
  if (found.account.mustChangePassword && !options.whilePasswordChangeDue)
    throw new HttpError(failure(403, API.passwordChangeRequired));
  if (RANK[found.account.role] < RANK[role]) throw new HttpError(forbidden());
  return actorOf(found);
}

export function requireSameOrigin(request: Request, deps: Deps): void {
  if (!isSameOriginWrite(request, deps.env.trustedOrigins)) throw new HttpError(forbidden());
}

export function refuseCrossOrigin(request: Request, deps: Deps): void {
  if (isCrossOriginSubmission(request, deps.env.trustedOrigins)) throw new HttpError(forbidden());
}
