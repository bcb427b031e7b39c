/**
 * The families the API serves, by kind. A handler that works across families (the router, the trash, the
 * scheduled purge) takes one of these rather than reading the global registry, so a test can hand it a fixture
 * family; it lives apart from the router so that those handlers need not import the router that imports them.
 */
import {
  contentFamilies,
  requestFamilies,
  type ContentFamily,
  type RequestFamily,
} from '../../lib/collections.ts';

export interface ApiRegistry {
  content: readonly ContentFamily[];
  requests: readonly RequestFamily[];
}

export const REGISTRY: ApiRegistry = {
  content: Object.values(contentFamilies),
  requests: Object.values(requestFamilies),
};
