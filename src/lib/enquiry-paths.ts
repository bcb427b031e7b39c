/**
 * The enquiry pipeline's paths, zod-free: the admin's shell (sidebar badges) reads the summary path on first load,
 * before any screen chunk (and the schemas in enquiries.ts) has loaded.
 */
import { API_PREFIX } from './constants.ts';
import { definitionsOfKind, type RequestFamilyKey } from '../families/index.ts';

/** Each request family's admin screen (its definition's path under /deltaadmin), for links in notifications. */
export const ADMIN_REQUEST_PATHS = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [definition.key, `/deltaadmin/${definition.admin.path}`]),
) as Record<RequestFamilyKey, string>;

/** The admin endpoints of the pipeline beside the two families' own paths. */
export const ENQUIRY_PATHS = {
  summary: `${API_PREFIX}/requests/summary`,
  privacyErase: `${API_PREFIX}/privacy/erase`,
  privacyExport: `${API_PREFIX}/privacy/export`,
} as const;
