/** GET /uploads/{folder}/{file}: our processed images, immutable (names are content hashes). */
import { isImageFolder } from '../../lib/families.ts';
import { API } from '../../lib/api-messages.ts';
import { cacheHeaders } from '../http/cache-policy.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { notFound } from '../http/respond.ts';
import { dispatch } from '../http/route.ts';

export const UPLOADS_PREFIX = '/uploads/';

/** Our own names only (hash, optional width, extension): no dots to climb out, no slashes. */
const FILE_NAME = /^[a-z0-9][a-z0-9_-]{0,127}\.(?:webp|jpe?g|png|gif|avif)$/i;

export const uploadsHandler: RouteHandler = async (input) =>
  dispatch(input.request, { GET: () => serve(input) });

async function serve({ request, deps }: HandlerInput) {
  const path = new URL(request.url).pathname;
  if (!path.startsWith(UPLOADS_PREFIX)) return notFound(API.notFoundRoute);
  const [folder, file, ...rest] = path.slice(UPLOADS_PREFIX.length).split('/');
  if (rest.length > 0 || !folder || !isImageFolder(folder) || !file || !FILE_NAME.test(file))
    return notFound();
  const image = await deps.images.read(folder, file);
  if (!image) return notFound();
  return new Response(image.body, {
    headers: {
      ...cacheHeaders({ kind: 'immutable' }),
      'Content-Type': image.contentType,
      'Content-Length': String(image.body.byteLength),
    },
  });
}
