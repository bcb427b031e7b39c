/**
 * `GET /preview/{token}` (issue 24.4, netlify/functions/preview.mts): a shared preview link's page, for anyone
 * holding the link, signed in or not. The token is checked (links.ts) before anything is read; a forged, expired
 * or revoked one, or one whose item is gone, gets a page that says so and shows nothing of any item. Nothing here
 * is ever kept by the CDN or a browser, nor indexed (PREVIEW_HEADERS).
 */
import { contentFamilies, type ContentFamily } from '../../lib/collections.ts';
import { originOf } from '../certificates/lookup.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { checkLink } from '../preview/links.ts';
import {
  closedPage,
  fetchShell,
  PREVIEW_HEADERS,
  previewDocument,
  type ClosedReason,
  type ShellLoader,
} from '../preview/preview-page.ts';
import { renderPreview, rendererOf } from '../preview/renderers.ts';

const closed = (reason: ClosedReason) =>
  new Response(closedPage(reason), { status: reason === 'invalid' ? 404 : 410, headers: PREVIEW_HEADERS });

export function createPreviewPageHandler(shell: ShellLoader = fetchShell): RouteHandler {
  return async ({ request, deps }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response(null, {
        status: 405,
        headers: { Allow: 'GET, HEAD', 'Cache-Control': 'no-store' },
      });
    const parts = new URL(request.url).pathname.split('/').filter(Boolean);
    if (parts.length !== 2) return closed('invalid');
    const check = await checkLink(deps, parts[1] ?? '');
    if (check.kind !== 'ok') return closed(check.kind);
    const family = (contentFamilies as Record<string, ContentFamily>)[check.record.family];
    const item =
      family && !family.staffOnly ? await deps.repository.get(family.key, check.record.itemId) : null;
    if (!family || !item) return closed('gone');
    const { title, body } = renderPreview(family, item);
    const html = await previewDocument(
      shell,
      originOf(deps, request),
      rendererOf(family).shellPath,
      title,
      body,
    );
    return new Response(html, { headers: PREVIEW_HEADERS });
  };
}

export const previewPageHandler = createPreviewPageHandler();
