/**
 * Turns a route handler into a Netlify Functions v2 handler `(Request, Context) => Response`: builds the
 * dependencies lazily, maps every known failure to its status, and hides everything else behind a generic 500
 * (logged server-side by name and message only: no bodies, no secrets, no stack traces in responses).
 */
import { ImageRejectedError } from '../images/port.ts';
import { StoreUnavailableError } from '../repository/port.ts';
import { getDeps, type Deps } from '../deps.ts';
import { withWaitUntil } from './background.ts';
import { clientIp, type RequestContext } from './client-ip.ts';
import { failure, HttpError, serverError, storeUnavailable } from './respond.ts';

export interface HandlerInput {
  request: Request;
  deps: Deps;
  /** The caller's address, for rate limits. */
  ip: string;
  /**
   * Runs `promise` after the response is sent (Netlify's context.waitUntil). The promise must never reject;
   * without a platform hook it simply runs on, unawaited.
   */
  waitUntil: (promise: Promise<unknown>) => void;
}

export type RouteHandler = (input: HandlerInput) => Promise<Response>;

export function netlifyFunction(handler: RouteHandler, deps: () => Deps = getDeps) {
  return async (request: Request, context?: RequestContext): Promise<Response> => {
    let response: Response;
    const waitUntil = context?.waitUntil ?? runDetached;
    try {
      response = await withWaitUntil(waitUntil, () =>
        handler({ request, deps: deps(), ip: clientIp(context), waitUntil }),
      );
    } catch (error) {
      response = errorResponse(error, request);
    }
    // Every API answer is JSON or an image of a declared type: never let a browser guess otherwise.
    response.headers.set('X-Content-Type-Options', 'nosniff');
    return response;
  };
}

const runDetached = (promise: Promise<unknown>) => void promise.catch(() => undefined);

export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof HttpError) return error.response;
  if (error instanceof ImageRejectedError) return failure(error.status, error.message);
  const where = `${request.method} ${new URL(request.url).pathname}`;
  if (error instanceof StoreUnavailableError) {
    console.warn(`[api] store unavailable on ${where}: ${error.message}`);
    return storeUnavailable();
  }
  const name = error instanceof Error ? error.name : typeof error;
  const message = error instanceof Error ? error.message : '';
  console.error(`[api] unexpected ${name} on ${where}: ${message}`);
  return serverError();
}
