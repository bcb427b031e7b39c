/**
 * Admin sign-in (docs/design.md (Architecture) "Admin authentication"): login checks the password against the hash from the
 * environment (rate-limited per client), sets the signed session cookie; logout clears it; session reports it.
 */
import { AUTH_PATHS } from '../../lib/collections.ts';
import { LOGIN_RATE_LIMIT } from '../../lib/constants.ts';
import { API } from '../../lib/api-messages.ts';
import { AUTH } from '../../lib/staff-messages.ts';
import { LoginInputSchema } from '../../lib/schemas.ts';
import { hasSession, refuseCrossOrigin, requireSameOrigin } from '../auth/guard.ts';
import { verifyPassword } from '../auth/password.ts';
import { clearedSessionCookie, cookieIsSecure, createSessionToken, sessionCookie } from '../auth/session.ts';
import { readJson } from '../http/body.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { failure, notFound, ok, serviceUnavailable } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';

export const authHandler: RouteHandler = async (input) => {
  const { request } = input;
  if (matchRoute(request, AUTH_PATHS.login)?.kind === 'collection') {
    return dispatch(request, { POST: () => login(input) });
  }
  if (matchRoute(request, AUTH_PATHS.logout)?.kind === 'collection') {
    return dispatch(request, { POST: () => logout(input) });
  }
  if (matchRoute(request, AUTH_PATHS.session)?.kind === 'collection') {
    return dispatch(request, { GET: () => session(input) });
  }
  return notFound(API.notFoundRoute);
};

async function login({ request, deps, ip }: HandlerInput) {
  refuseCrossOrigin(request, deps);
  const { ADMIN_PASSWORD_HASH: hash, SESSION_SECRET: secret } = deps.env;
  // No default credentials: without a configured hash nobody can sign in.
  if (!hash || !secret) return serviceUnavailable(AUTH.notConfigured);
  await enforceRateLimit(
    deps.repository,
    'login',
    ip,
    { ...LOGIN_RATE_LIMIT, limit: deps.env.LOGIN_RATE_LIMIT_MAX },
    () => AUTH.tooManyAttempts,
  );
  const { password } = validate(LoginInputSchema, await readJson(request));
  if (!(await verifyPassword(password, hash))) return failure(401, AUTH.invalidPassword);
  const token = createSessionToken(secret, deps.now());
  return ok(
    { authenticated: true },
    { headers: { 'Set-Cookie': sessionCookie(token, cookieIsSecure(request, deps.env.deployed)) } },
  );
}

async function logout({ request, deps }: HandlerInput) {
  requireSameOrigin(request, deps);
  return ok(
    { authenticated: false },
    {
      message: AUTH.signedOut,
      headers: { 'Set-Cookie': clearedSessionCookie(cookieIsSecure(request, deps.env.deployed)) },
    },
  );
}

async function session({ request, deps }: HandlerInput) {
  return ok({ authenticated: hasSession(request, deps) });
}
