/** GET /health: `{ status, store, time }`, 503 when the store does not answer (for uptime monitors). */
import { API } from '../../lib/api-messages.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { jsonResponse, notFound, STORE_RETRY_AFTER_SECONDS } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';

export const HEALTH_PATH = '/health';

export const healthHandler: RouteHandler = async (input) => {
  if (matchRoute(input.request, HEALTH_PATH)?.kind !== 'collection') return notFound(API.notFoundRoute);
  return dispatch(input.request, { GET: () => check(input) });
};

async function check({ deps }: HandlerInput) {
  const store = deps.repository.backend;
  const time = deps.now().toISOString();
  try {
    await deps.repository.ping();
    return jsonResponse({ status: 'ok', store, time }, 200);
  } catch (error) {
    console.warn(
      `[health] store ${store} did not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
    return jsonResponse({ status: 'unavailable', store, time }, 503, undefined, {
      'Retry-After': String(STORE_RETRY_AFTER_SECONDS),
    });
  }
}
