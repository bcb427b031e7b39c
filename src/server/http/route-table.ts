/**
 * One route table for the API: each route says its method, its path pattern, who may call it, what the audit log
 * records when it runs and how its answer may be cached. The router (api-router.ts) serves the table: it matches
 * the request, runs the declared guard before the route's handler reads anything, sets the declared cache headers
 * on a success, and answers 405 with `Allow` or the JSON 404 itself. The authorisation matrix test reads the same
 * table, so a route cannot be added without the matrix knowing who may call it.
 *
 * Patterns are full paths with `:name` parameters (`/api/v1/homeContent/:id/revisions/:rev/restore`). Literal
 * segments match case-insensitively, as Netlify's router does; parameters keep their case (ids are opaque) and
 * must match their pattern (an item id by default).
 */
import type { AuditAction, Role } from '../../lib/identity.ts';
import type { Actor } from '../auth/guard.ts';
import type { Deps } from '../deps.ts';
import { NO_STORE, type CachePolicy } from './cache-policy.ts';
import type { HandlerInput } from './netlify-function.ts';
import type { RateLimitRule } from './rate-limit.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route.
 * - `public`: anyone, nothing checked (public content, the session probe);
 * - `public-form`: anyone, but a request naming a foreign origin is refused (enquiries, sign-in);
 * - `same-origin`: anyone, from our own pages only (sign-out, passkey sign-in);
 * - `staff`: a live session of an enabled account of at least `role`; GET is a read (a foreign Origin is
 *   refused), anything else a write (it must prove it comes from our pages). An account on a temporary password
 *   is refused unless `whilePasswordChangeDue` (the password change itself).
 */
export interface PublicAccess {
  who: 'public' | 'public-form' | 'same-origin';
}
export interface StaffAccess {
  who: 'staff';
  role: Role;
  whilePasswordChangeDue?: boolean;
}
export type Access = PublicAccess | StaffAccess;

export const PUBLIC: PublicAccess = { who: 'public' };
export const PUBLIC_FORM: PublicAccess = { who: 'public-form' };
export const SAME_ORIGIN: PublicAccess = { who: 'same-origin' };
export const STAFF: StaffAccess = { who: 'staff', role: 'editor' };
export const OWNER: StaffAccess = { who: 'staff', role: 'owner' };

/**
 * What the audit log records when the route succeeds (the handler tells the log, naming the item: the table says
 * which actions it may tell), or why it records nothing. Every route that changes something must say one or the
 * other (route-table.test.ts checks it, and that the handlers record only what is declared).
 */
export type AuditPolicy = readonly AuditAction[] | { none: string };

/** Reads record nothing, except exports, which say so. */
export const READ: AuditPolicy = { none: 'a read changes nothing' };

/** One counter of a rate limit: its bucket in the store (kept across deploys, so live counts survive one). */
export interface LimitCounter {
  bucket: string;
  rule: RateLimitRule;
}

/**
 * A rate limit a route counts against: once one of its counters is used up the route answers 429 with
 * Retry-After and `message` saying the wait. What is counted (`per`):
 * - `address`: the caller's network (rateLimitAddress), counted by the router before the handler runs;
 * - `account`: the signed-in caller's account (staff routes), counted by the router after the guard;
 * - `key`: something only the request's body names (a user ID at an address, a sender's hashed e-mail): the
 *   handler counts it through `input.count({ [name]: key })` once it has read and checked the body. The rule,
 *   bucket and message still live here: a route can count only against limits it declares.
 * Several counters make tiers (a repeat lockout that grows).
 */
export interface RouteLimit {
  name: string;
  per: 'address' | 'account' | 'key';
  counters: (env: Deps['env']) => readonly LimitCounter[];
  message: (retryAfterSeconds: number) => string;
}

/** What a route's handler receives: the request as the function got it, its path parameters and its caller. */
export interface RouteInput extends HandlerInput {
  params: Readonly<Record<string, string>>;
  /** The signed-in caller, checked by the router: set on every `staff` route, null on the others. */
  actor: Actor | null;
  /**
   * Counts one hit against each of the route's `key` limits named here, for its key (an absent or empty key is
   * not counted); refuses with 429 once one is used up. A name the route does not declare is a programming
   * error and throws.
   */
  count: (keys: Readonly<Record<string, string | undefined>>) => Promise<void>;
}

export interface StaffInput extends RouteInput {
  actor: Actor;
}

interface RouteBase {
  method: Method;
  path: string;
  /** The route applies only when each of these query parameters has this value (`?drafts=1`: a staff read). */
  query?: Readonly<Record<string, string>>;
  /** Patterns for parameters that are not item ids (a passkey's credential id is longer). */
  params?: Readonly<Record<string, RegExp>>;
  audit: AuditPolicy;
  /** Headers set on a successful answer; everything else (refusals, errors) is never stored. */
  cache: CachePolicy;
  /** The family the route serves, if any: what the matrix fills `:id` from. */
  family?: string;
  /** The rate limits it counts against (none: unlimited). */
  limits?: readonly RouteLimit[];
}

export interface ApiRoute extends RouteBase {
  access: Access;
  handle: (input: RouteInput) => Promise<Response>;
}

type Options = Partial<Pick<RouteBase, 'query' | 'params' | 'cache' | 'family' | 'limits'>>;

/** A route anyone may call (`access` says which origin checks apply). */
export function publicRoute(
  method: Method,
  path: string,
  access: PublicAccess,
  audit: AuditPolicy,
  handle: (input: RouteInput) => Promise<Response>,
  options: Options = {},
): ApiRoute {
  return { method, path, access, audit, cache: NO_STORE, ...options, handle };
}

/** A route for signed-in staff of at least the access's role; never cached. */
export function staffRoute(
  method: Method,
  path: string,
  access: StaffAccess,
  audit: AuditPolicy,
  handle: (input: StaffInput) => Promise<Response>,
  options: Omit<Options, 'cache'> = {},
): ApiRoute {
  const withActor = (input: RouteInput) => {
    // The router sets the actor from the guard this route declares; without one the guard did not run.
    if (!input.actor) throw new Error(`${method} ${path} reached without its staff guard`);
    return handle({ ...input, actor: input.actor });
  };
  return { method, path, access, audit, cache: NO_STORE, ...options, handle: withActor };
}

/** The most an item id may be: never a slash or anything a store key could trip over. */
export const ITEM_ID = /^[A-Za-z0-9_-]{1,128}$/;

type Segment = { literal: string } | { param: string; pattern: RegExp };

export interface CompiledRoute {
  route: ApiRoute;
  segments: readonly Segment[];
  /** The pattern with its literals lower-cased and parameters unnamed: two routes with the same key share a path. */
  key: string;
}

export function compileRoute(route: ApiRoute): CompiledRoute {
  const segments = splitPath(route.path).map((part): Segment => {
    if (!part.startsWith(':')) return { literal: part.toLowerCase() };
    const param = part.slice(1);
    return { param, pattern: route.params?.[param] ?? ITEM_ID };
  });
  const key = segments.map((segment) => ('literal' in segment ? segment.literal : ':')).join('/');
  return { route, segments, key };
}

/** A path's segments, without the leading slash and one trailing slash. */
function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

/** The path's parameters if it matches `segments`, else null. */
export function matchSegments(
  segments: readonly Segment[],
  parts: readonly string[],
): Record<string, string> | null {
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const part = parts[index] ?? '';
    if ('literal' in segment) {
      if (part.toLowerCase() !== segment.literal) return null;
      continue;
    }
    const value = decodeSegment(part);
    if (value === null || !segment.pattern.test(value)) return null;
    params[segment.param] = value;
  }
  return params;
}

function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export type Resolution =
  | { kind: 'route'; route: ApiRoute; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'not-found' };

/**
 * The route for a request: the first path pattern (in table order) that matches the path, then the first of that
 * pattern's routes for the method (HEAD is served as GET) whose query conditions hold. A pattern that matches
 * with no route for the method answers 405 with its methods as `Allow`.
 */
export function resolve(table: readonly CompiledRoute[], request: Request): Resolution {
  const url = new URL(request.url);
  const parts = splitPath(url.pathname);
  for (const candidate of table) {
    const params = matchSegments(candidate.segments, parts);
    if (!params) continue;
    const group = table.filter((other) => other.key === candidate.key);
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const found = group.find(
      ({ route }) =>
        route.method === method &&
        Object.entries(route.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
    );
    // The group's routes may name their parameters differently: read them by the chosen route's own names.
    if (found)
      return { kind: 'route', route: found.route, params: matchSegments(found.segments, parts) ?? {} };
    const allow = [...new Set(group.map(({ route }) => route.method))] as string[];
    if (allow.includes('GET')) allow.push('HEAD');
    return { kind: 'method-not-allowed', allow };
  }
  return { kind: 'not-found' };
}
