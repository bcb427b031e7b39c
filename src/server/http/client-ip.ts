import { isIP } from 'node:net';

/** What the function runtime tells us about the caller (a subset of Netlify's Context). */
export interface RequestContext {
  ip?: string;
  /** Keeps the function alive for work that finishes after the response (Netlify's context.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Callers the platform did not name share this one bucket. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The client's address for rate limits and the audit log: only what the platform reports (Netlify's context.ip,
 * which the local runner fills from the socket). No request header is read, since whoever sends the request
 * writes its headers; and anything that is not an address (a forged value, markup) is no one's address.
 */
export function clientIp(context?: RequestContext): string {
  const ip = context?.ip?.trim() ?? '';
  if (!isIP(ip)) return UNKNOWN_CLIENT;
  // An IPv4 client on a dual-stack socket is the same client as on an IPv4 one.
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip.toLowerCase();
}

/**
 * Who a per-address rate limit counts: the address itself for IPv4, its /64 network for IPv6. One IPv6 client is
 * handed a whole /64 and can pick any address in it for each request; counted one by one, those addresses would
 * be a fresh allowance each.
 */
export function rateLimitAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
