/**
 * Server-side sessions: one record per sign-in in the `sessions` collection, named by the signed cookie
 * (session.ts). A session ends after SESSION_IDLE_SECONDS without a request, SESSION_TTL_SECONDS after sign-in, on
 * logout, and when its account is disabled or changes its password; deleting the record is what ends it, except on
 * disabling: then the record stays, marked, until its own lifetime ends, so that the person is told why.
 */
import { SESSION_TTL_SECONDS } from '../../lib/constants.ts';
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from '../../lib/identity.ts';
import type { Deps } from '../deps.ts';
import { newId } from '../repository/ids.ts';
import type { StoredItem } from '../repository/port.ts';
import { getAccount, type Account } from './accounts.ts';
import { createSessionToken, readSessionCookie, sessionIdOf } from './session.ts';

export const SESSIONS = 'sessions';

export interface StoredSession extends StoredItem {
  accountId: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  userAgent: string;
  /** Ended because the account was disabled: never usable again, even once the account is enabled. */
  revoked?: 'disabled';
}

export interface SessionMeta {
  ip: string;
  userAgent?: string | null;
}

const ms = (iso: string) => new Date(iso).getTime();

/**
 * Writes a session record under a chosen id. `createdAt` and `lastSeenAt` may lie in the past (tests make idle and
 * expired sessions this way).
 */
export async function storeSession(
  deps: Deps,
  id: string,
  account: Pick<Account, '_id'>,
  meta: SessionMeta,
  times: { createdAt?: Date; lastSeenAt?: Date } = {},
): Promise<void> {
  const createdAt = times.createdAt ?? deps.now();
  const record: StoredSession = {
    _id: id,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    accountId: account._id,
    lastSeenAt: (times.lastSeenAt ?? createdAt).toISOString(),
    expiresAt: new Date(createdAt.getTime() + SESSION_TTL_SECONDS * 1000).toISOString(),
    ip: meta.ip,
    userAgent: (meta.userAgent ?? '').slice(0, 200),
  };
  await deps.repository.put(SESSIONS, record);
}

/** Records a new session for `account` and answers the cookie's token. */
export async function openSession(deps: Deps, account: Account, meta: SessionMeta): Promise<string> {
  const secret = deps.env.SESSION_SECRET;
  if (!secret) throw new Error('SESSION_SECRET is not set');
  const now = deps.now();
  // The real time, not deps.now: ids order the store, and a test clock must not move every later id.
  const id = newId();
  await storeSession(deps, id, account, meta);
  return createSessionToken(secret, now, SESSION_TTL_SECONDS, id);
}

export interface ActiveSession {
  session: StoredSession;
  account: Account;
}

/** Within its idle and absolute lifetimes (a revoked record too: it is kept that long to say why it ended). */
const isCurrent = (session: StoredSession, now: number) =>
  ms(session.expiresAt) > now && ms(session.lastSeenAt) + SESSION_IDLE_SECONDS * 1000 > now;

const isLive = (session: StoredSession, now: number) => isCurrent(session, now) && !session.revoked;

/**
 * The session the request's cookie names, with its account, when all of these hold: the token is signed and
 * unexpired, its record exists and is neither idle nor past its lifetime, and the account exists and is enabled.
 * Refreshes the record's last-seen time at most every SESSION_REFRESH_SECONDS (one write, not one per request).
 */
export async function activeSession(request: Request, deps: Deps): Promise<ActiveSession | null> {
  const found = await lookUpSession(request, deps);
  return found === DISABLED ? null : found;
}

/** What the cookie names when it names a current session of an account that has since been disabled. */
export const DISABLED = 'disabled';

/**
 * activeSession, but telling apart a cookie whose account was disabled while it was signed in (DISABLED), so the
 * person can be told so instead of "your session has expired".
 */
export async function lookUpSession(
  request: Request,
  deps: Deps,
): Promise<ActiveSession | typeof DISABLED | null> {
  const secret = deps.env.SESSION_SECRET;
  const token = readSessionCookie(request);
  if (!secret || !token) return null;
  const now = deps.now();
  const id = sessionIdOf(token, secret, now);
  if (!id) return null;
  const session = (await deps.repository.get(SESSIONS, id)) as StoredSession | null;
  if (!session || !isCurrent(session, now.getTime())) return null;
  const account = await getAccount(deps, session.accountId);
  if (!account) return null;
  if (account.disabled) return DISABLED;
  // Revoked by a disabling that has since been undone: it stays ended.
  if (session.revoked) return null;
  if (now.getTime() - ms(session.lastSeenAt) > SESSION_REFRESH_SECONDS * 1000) {
    await deps.repository.update(SESSIONS, id, { lastSeenAt: now.toISOString() }, { touch: false });
  }
  return { session, account };
}

export async function endSession(deps: Deps, id: string): Promise<void> {
  await deps.repository.delete(SESSIONS, id);
}

/** Ends every session of an account (but `keep`); answers how many ended. */
export async function endSessionsOf(deps: Deps, accountId: string, keep?: string): Promise<number> {
  const sessions = (await deps.repository.list(SESSIONS)) as StoredSession[];
  const ending = sessions.filter((session) => session.accountId === accountId && session._id !== keep);
  await Promise.all(ending.map((session) => deps.repository.delete(SESSIONS, session._id)));
  return ending.length;
}

/**
 * Marks every session of an account as revoked because the account was disabled: refused like a deleted one, and
 * answered with the reason until it would have expired anyway. Answers how many.
 */
export async function revokeSessionsOnDisable(deps: Deps, accountId: string): Promise<number> {
  const now = deps.now().getTime();
  const sessions = (await deps.repository.list(SESSIONS)) as StoredSession[];
  const ending = sessions.filter((session) => session.accountId === accountId && isLive(session, now));
  await Promise.all(
    ending.map((session) =>
      deps.repository.update(SESSIONS, session._id, { revoked: 'disabled' }, { touch: false }),
    ),
  );
  return ending.length;
}

/** Deletes records of sessions past their lifetimes (run by the scheduled function). */
export async function purgeDeadSessions(deps: Deps): Promise<number> {
  const now = deps.now().getTime();
  const sessions = (await deps.repository.list(SESSIONS)) as StoredSession[];
  const dead = sessions.filter((session) => !isCurrent(session, now));
  await Promise.all(dead.map((session) => deps.repository.delete(SESSIONS, session._id)));
  return dead.length;
}

/** The sessions of an account that are still usable, newest first (the Account screen's list). */
export async function sessionsOf(deps: Deps, accountId: string): Promise<StoredSession[]> {
  const now = deps.now().getTime();
  const sessions = (await deps.repository.list(SESSIONS)) as StoredSession[];
  return sessions.filter((session) => session.accountId === accountId && isLive(session, now)).reverse();
}
