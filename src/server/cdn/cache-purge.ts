/**
 * Purges CDN cache tags after a write, so the next public GET refetches from the function. Only possible on
 * Netlify, which provides NETLIFY_PURGE_API_TOKEN; elsewhere (local runs, tests) it is a no-op.
 */
import { purgeCache } from '@netlify/functions';

export type CachePurger = (tags: string[]) => Promise<void>;

export function createCachePurger(options: {
  token: string | undefined;
  siteID?: string;
  apiURL?: string;
}): CachePurger {
  const { token, siteID, apiURL } = options;
  if (!token) return async () => {};
  return (tags) => purgeCache({ tags, token, ...(siteID ? { siteID } : {}), ...(apiURL ? { apiURL } : {}) });
}
