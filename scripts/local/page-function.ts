/**
 * The pages rendered on demand, served locally. @astrojs/netlify writes them as one function of Netlify's
 * frameworks API (.netlify/v1/functions/ssr); @netlify/dev 5.1.3 loads only the user's functions directory
 * (netlify/functions) and never that one, so the runner calls it itself for the page requests nothing static
 * answered, as Netlify's `preferStatic` routing does: a file of the deploy first, then the function.
 */
import type http from 'node:http';
import { pathToFileURL } from 'node:url';

type PageHandler = (request: Request, context: { ip: string }) => Promise<Response>;

/** Only reads are pages: anything else that no file or function answered is the 404 it always was. */
export const isPageRequest = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/**
 * Whether @netlify/dev found nothing for the request: no match, or its static handler's own 404 (it answers an
 * unknown path with the deploy's 404.html).
 */
export const answersNothing = (match: { response: Response; type: string } | undefined): boolean =>
  !match || (match.type === 'static' && match.response.status === 404);

/** The request as the page function gets it on Netlify: a fetch Request for the runner's own address. */
export function pageRequest(req: http.IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET', headers });
}

export interface PageFunction {
  /** The page's answer, or undefined when the build made no page function (a build of static pages only). */
  render(req: http.IncomingMessage, origin: string): Promise<Response | undefined>;
  /** The same for a fetch Request (the CDN's background revalidation asks with one). */
  renderRequest(request: Request, ip: string): Promise<Response | undefined>;
}

/**
 * Loads the page function of the latest build (`fileOf`: each build's own folder, site-builder.ts) on the first
 * page request after that build.
 */
export function localPageFunction(fileOf: () => string | undefined): PageFunction {
  let loaded: { file: string; handler: Promise<PageHandler> } | undefined;
  const renderRequest = async (request: Request, ip: string) => {
    const file = fileOf();
    if (file === undefined) return undefined;
    if (loaded?.file !== file) {
      const href = pathToFileURL(file).href;
      loaded = { file, handler: import(href).then((module: { default: PageHandler }) => module.default) };
    }
    const page = await loaded.handler;
    return page(request, { ip });
  };
  return {
    render: (req, origin) => renderRequest(pageRequest(req, origin), req.socket.remoteAddress ?? ''),
    renderRequest,
  };
}
