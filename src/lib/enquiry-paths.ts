/**
 * The enquiry pipeline's paths, zod-free: the admin's shell (sidebar badges) reads the summary path on first load,
 * before any screen chunk (and the schemas in enquiries.ts) has loaded.
 */
import { API_PREFIX } from './constants.ts';
import type { RequestFamilyKey } from './families.ts';

/** The admin screens of the two families (src/admin/stores/router.ts), for links in notifications. */
export const ADMIN_REQUEST_PATHS = {
  contact: '/deltaadmin/contact-data',
  enroll: '/deltaadmin/enroll-data',
} as const satisfies Record<RequestFamilyKey, string>;

/** The admin endpoints of the pipeline beside the two families' own paths. */
export const ENQUIRY_PATHS = {
  summary: `${API_PREFIX}/requests/summary`,
  privacyErase: `${API_PREFIX}/privacy/erase`,
  privacyExport: `${API_PREFIX}/privacy/export`,
} as const;
