/**
 * Previews of drafts and shared preview links, as the API answers them and the admin shows them:
 * zod-free and tiny, shared by the server and the admin.
 */
import { API_PREFIX } from './constants.ts';

export const PREVIEW_PATH = `${API_PREFIX}/preview`;
/** The admin's "Preview" of unsaved values: a form POST (field `payload`, JSON) that answers the page. */
export const PREVIEW_RENDER_PATH = `${PREVIEW_PATH}/render`;
/** Withdraws one link: `{family, id, link}`. */
export const PREVIEW_REVOKE_PATH = `${PREVIEW_PATH}/revoke`;
/** An item's links still working. */
export const previewLinksPath = (family: string, id: string) =>
  `${PREVIEW_PATH}/${encodeURIComponent(family)}/${encodeURIComponent(id)}`;
/** Where a shared link opens: `{PREVIEW_PAGE_PATH}/{token}`, a page served by the API's function. */
export const PREVIEW_PAGE_PATH = `${PREVIEW_PATH}/view`;
/** The form field the admin's Preview posts its JSON in (a top-level form POST, so the page opens in a tab). */
export const PREVIEW_PAYLOAD_FIELD = 'payload';

/** How long a shared link works unless revoked first. */
export const PREVIEW_LINK_DAYS = 7;

/** A shared link as the API answers it (the URL only when it is made: the store keeps no token). */
export interface PreviewLinkView {
  id: string;
  createdAt: string;
  expiresAt: string;
  createdBy: string;
}

export interface SharedPreview {
  url: string;
  expiresAt: string;
  link: PreviewLinkView;
}
