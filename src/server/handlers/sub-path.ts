/** Exact-path matching for the handlers that own a few fixed paths rather than a family's collection. */

/** Whether the request's path is `path`, compared case-insensitively (as Netlify's router) and without a trailing slash. */
export function isPath(request: Request, path: string): boolean {
  let pathname = new URL(request.url).pathname;
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  return pathname.toLowerCase() === path.toLowerCase();
}
