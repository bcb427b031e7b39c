/**
 * The one API function's route table, generated from the collections registry: every family's base path goes to
 * its family's handler, `auth/*` to sign-in, anything else under /api/v1 to the JSON not-found answer. Matching is
 * case-insensitive, as Netlify's router is, so `/api/v1/homecontent` and `/api/v1/homeContent` are one route.
 */
import { allFamilies, TRASH_PATH } from '../../lib/collections.ts';
import type { LookupFamilyKey, SingletonFamilyKey } from '../../lib/registry.ts';
import { API_PREFIX } from '../../lib/constants.ts';
import { AUDIT_PATH, USERS_PATH, type Role } from '../../lib/identity.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { REGISTRY, type ApiRegistry } from './api-registry.ts';
import { auditHandler } from './audit-handler.ts';
import { authHandler } from './auth-handler.ts';
import { backupHandler, BACKUP_SEGMENT } from './backup-handler.ts';
import { contentHandler } from './content-handler.ts';
import { enrollCourseHandler } from './enroll-course-handler.ts';
import { notFoundHandler } from './not-found-handler.ts';
import { privacyHandler } from './privacy-handler.ts';
import { requestHandler } from './request-handler.ts';
import { requestsSummaryHandler } from './requests-summary-handler.ts';
import { settingsHandler } from './settings-handler.ts';
import { statsHandler } from './stats-handler.ts';
import { trashHandler } from './trash-handler.ts';
import { usersHandler } from './users-handler.ts';

// The router's callers (the API function, the test harnesses) pass or name the registry through the router.
export { REGISTRY, type ApiRegistry } from './api-registry.ts';

/** Each lookup's and singleton's own handler: a new one must name its handler (the compiler checks). */
const OWN_HANDLERS = {
  enrollCourse: enrollCourseHandler,
  stats: statsHandler,
  siteSettings: settingsHandler,
} satisfies Record<LookupFamilyKey | SingletonFamilyKey, RouteHandler>;
const ownHandlerOf = (key: string): RouteHandler | undefined =>
  (OWN_HANDLERS as Record<string, RouteHandler>)[key];

/** The handler of each first path segment under /api/v1, lower-cased. */
export function routeTable(registry: ApiRegistry = REGISTRY): Map<string, RouteHandler> {
  const segment = (path: string) => path.slice(API_PREFIX.length + 1).toLowerCase();
  const entries: [string, RouteHandler][] = [
    ...registry.content.map((family): [string, RouteHandler] => [
      segment(family.path),
      contentHandler(family, registry.content),
    ]),
    ...registry.requests.map((family): [string, RouteHandler] => [
      segment(family.path),
      requestHandler(family),
    ]),
    ...allFamilies.flatMap((family): [string, RouteHandler][] => {
      const handler = ownHandlerOf(family.key);
      return handler ? [[segment(family.path), handler]] : [];
    }),
    [segment(TRASH_PATH), trashHandler(registry, TRASH_PATH)],
    ['auth', authHandler],
    // The enquiry pipeline's admin endpoints beside the families (issue 11).
    ['requests', requestsSummaryHandler],
    // Erasing and exporting a person's data: owners only (issue 21), like the backup that also holds it.
    ['privacy', only('owner', privacyHandler)],
    // Every enquiry and account-free content in one file: owners only, like the people and the log (issue 14).
    [BACKUP_SEGMENT, only('owner', backupHandler)],
    // Named accounts and the audit log (issue 13): owners only, checked here before the handler runs.
    [segment(USERS_PATH), only('owner', usersHandler)],
    [segment(AUDIT_PATH), only('owner', auditHandler)],
  ];
  const table = new Map<string, RouteHandler>();
  for (const [key, handler] of entries) {
    if (table.has(key)) throw new Error(`Two API routes claim /${key}`);
    table.set(key, handler);
  }
  return table;
}

/**
 * The routes a role below `role` may not use at all: refused (401 without a session, 403 for a lower role or a
 * foreign origin) before the handler reads anything.
 */
function only(role: Role, handler: RouteHandler): RouteHandler {
  return async (input) => {
    const read = input.request.method === 'GET' || input.request.method === 'HEAD';
    await requireAdmin(input.request, input.deps, read ? 'read' : 'write', role);
    return handler(input);
  };
}

/** The API as one route handler: the first segment picks the family's handler, which routes the rest. */
export function apiHandler(registry: ApiRegistry = REGISTRY): RouteHandler {
  const table = routeTable(registry);
  return async (input) => {
    const path = new URL(input.request.url).pathname.toLowerCase();
    const prefix = `${API_PREFIX}/`.toLowerCase();
    const first = path.startsWith(prefix) ? (path.slice(prefix.length).split('/')[0] ?? '') : '';
    // Each handler tells the audit log what it did (src/server/audit/audit-log.ts): nothing is guessed here.
    return (table.get(first) ?? notFoundHandler)(input);
  };
}
