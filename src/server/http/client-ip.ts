/** What the function runtime tells us about the caller (a subset of Netlify's Context). */
export interface RequestContext {
  ip?: string;
  /** Keeps the function alive for work that finishes after the response (Netlify's context.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/**
 * The client's address for rate limits: Netlify's context first, then the header its edge sets (and
 * overwrites, so a client cannot forge it there). Unknown callers share one bucket.
 */
export function clientIp(request: Request, context?: RequestContext): string {
  const ip = context?.ip || request.headers.get('x-nf-client-connection-ip');
  return ip?.trim().slice(0, 64) || 'unknown';
}
