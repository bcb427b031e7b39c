/** Each published article's share picture (`og:image`), made when asked for (src/share-card-page.ts). */
import type { APIRoute } from 'astro';

/** Rendered when asked for, from the store; the CDN keeps it until a write purges its tags (src/lib/page-cache.ts). */
export const prerender = false;

export const GET: APIRoute = async ({ params, rewrite }) => {
  const { articleSharePicture } = await import('../../../share-card-page.ts');
  const png = await articleSharePicture(params.slug ?? '');
  if (!png) return rewrite('/404');
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
