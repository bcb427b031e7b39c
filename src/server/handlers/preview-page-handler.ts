/**
 * `GET /api/v1/preview/view/{token}`: a shared preview link's page, for anyone holding the link,
 * signed in or not. The token is checked (links.ts) before anything is read; a forged, expired or revoked one, or
 * one whose item is gone, gets a page that says so and shows nothing of any item. Nothing here is ever kept by
 * the CDN or a browser, nor indexed (PREVIEW_HEADERS, and the route's `private` cache policy).
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { originOf } from '../certificates/lookup.ts';
import type { RouteInput } from '../http/route-table.ts';
import { checkLink } from '../preview/links.ts';
import {
  closedPage,
  PREVIEW_HEADERS,
  previewDocument,
  type ClosedReason,
  type ShellLoader,
} from '../preview/preview-page.ts';
import { realPreviewContext, rendererOf, renderRealPreview } from '../preview/renderers.ts';

const closed = (reason: ClosedReason) =>
  new Response(closedPage(reason), { status: reason === 'invalid' ? 404 : 410, headers: PREVIEW_HEADERS });

export const viewPreview =
  (families: readonly ContentFamily[], shell: ShellLoader) =>
  async ({ request, deps, params }: RouteInput): Promise<Response> => {
    const check = await checkLink(deps, params.token ?? '');
    if (check.kind !== 'ok') return closed(check.kind);
    const family = families.find((candidate) => candidate.key === check.record.family);
    const item = family ? await deps.repository.get(family.key, check.record.itemId) : null;
    if (!family || !item) return closed('gone');
    const { title, body } = await renderRealPreview(family, item, await realPreviewContext(deps));
    const html = await previewDocument(
      shell,
      originOf(deps, request),
      rendererOf(family).shellPath,
      title,
      body,
    );
    return new Response(html, { headers: PREVIEW_HEADERS });
  };
