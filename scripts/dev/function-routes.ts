/**
 * How Netlify picks the function for a request, for the places that call function files without Netlify (the
 * integration harness, the benchmarks' node adapter): the path lower-cased and without a trailing slash, tested
 * against each file's `config.path`, minus its `config.excludedPath`.
 */
import { URLPattern } from 'node:url';

export interface FunctionRouteConfig {
  path?: string | string[];
  excludedPath?: string | string[];
}

const patterns = (value: string | string[] | undefined) =>
  (value === undefined ? [] : [value].flat()).map((pathname) => new URLPattern({ pathname }));

/** A matcher for one function file's config; true when Netlify would send `pathname` to it. */
export function functionRoute(config: FunctionRouteConfig): (pathname: string) => boolean {
  const paths = patterns(config.path);
  const excluded = patterns(config.excludedPath);
  return (pathname) => {
    let path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    path = path.toLowerCase();
    const matches = (list: URLPattern[]) => list.some((pattern) => pattern.test({ pathname: path }));
    return matches(paths) && !matches(excluded);
  };
}
