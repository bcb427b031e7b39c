/**
 * The one API function: serves the route table (src/server/http/route-table.ts). Every route is declared once in
 * its handler's module, with who may call it, what it audits and how its answer is cached; the families' routes
 * come from the registry, one set per content family, per request family and for the trash, so a new family
 * gets its routes with no edit here. The router checks who may call before the handler reads anything, answers
 * 405 with `Allow` for a known path and the JSON 404 for anything else under /api/v1.
 *
 * Adding a route: declare it beside its handler (`staffRoute('GET', path, STAFF, READ, handler)` or
 * `publicRoute(...)`), and list the module's routes below if the module is new. The authorisation matrix and
 * route-table.test.ts then hold it to what it declares.
 */
import { allFamilies, TRASH_PATH } from '../../lib/collections.ts';
import { API_PREFIX } from '../../lib/constants.ts';
import type { LookupFamilyKey, SingletonFamilyKey } from '../../families/index.ts';
import { API } from '../../lib/api-messages.ts';
import { applyRouteLimits } from '../http/route-limits.ts';
import { refuseCrossOrigin, requireAdmin, requireSameOrigin, type Actor } from '../auth/guard.ts';
import { withPublishContext, type PublishContext } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import type { LiveWhen } from '../../lib/publishing.ts';
import { cacheHeaders, cdnCapOf } from '../http/cache-policy.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { methodNotAllowed, notFound } from '../http/respond.ts';
import {
  compileRoute,
  OWNER,
  resolve,
  type Access,
  type ApiRoute,
  type CompiledRoute,
} from '../http/route-table.ts';
import { REGISTRY, type ApiRegistry } from './api-registry.ts';
import { auditRoutes } from './audit-handler.ts';
import { authRoutes } from './auth-handler.ts';
import { backupRoutes } from './backup-handler.ts';
import { batchAvailabilityRoutes } from './batch-availability-handler.ts';
import { certificateRoutes } from './certificate-handler.ts';
import { contentRoutes } from './content-handler.ts';
import { enrollCourseRoutes } from './enroll-course-handler.ts';
import { previewRoutes } from './preview-handler.ts';
import { enrollPaymentRoutes } from './enroll-payment-handler.ts';
import { enrolmentLinkRoutes } from './enrolment-link-handler.ts';
import { insightsRoutes } from './insights-handler.ts';
import { markdownPictureRoutes } from './markdown-picture-handler.ts';
import { privacyRoutes } from './privacy-handler.ts';
import { publishingRoutes } from './publishing-handler.ts';
import { requestRoutes } from './request-handler.ts';
import { requestsSummaryRoutes } from './requests-summary-handler.ts';
import { scheduledRoutes } from './scheduled-handler.ts';
import { settingsRoutes } from './settings-handler.ts';
import { statsRoutes } from './stats-handler.ts';
import { trashRoutes } from './trash-handler.ts';
import { usersRoutes } from './users-handler.ts';

// The router's callers (the API function, the test harnesses) pass or name the registry through the router.
export { REGISTRY, type ApiRegistry } from './api-registry.ts';

/** Each lookup's and singleton's own routes: a new one must name its routes (the compiler checks). */
const OWN_ROUTES = {
  enrollCourse: enrollCourseRoutes,
  stats: statsRoutes,
  siteSettings: settingsRoutes,
} satisfies Record<LookupFamilyKey | SingletonFamilyKey, readonly ApiRoute[]>;
const ownRoutesOf = (key: string): readonly ApiRoute[] =>
  (OWN_ROUTES as Record<string, readonly ApiRoute[]>)[key] ?? [];

/** Every route of the API, in matching order (a literal segment before a parameter in the same place). */
export function apiRoutes(registry: ApiRegistry = REGISTRY): ApiRoute[] {
  return [
    // Live seats of the catalogue's batches: before the families' `:id` routes.
    ...batchAvailabilityRoutes,
    // Certificates' public verification and their revoke: before the family's `:id` routes.
    ...(registry.content.some((family) => family.key === 'certificate') ? certificateRoutes : []),
    ...registry.content.flatMap((family) => contentRoutes(family, registry.content)),
    ...registry.requests.flatMap(requestRoutes),
    // Payments on an enrolment and their receipts.
    ...(registry.requests.some((family) => family.key === 'enroll') ? enrollPaymentRoutes : []),
    ...(registry.requests.some((family) => family.key === 'enroll') ? enrolmentLinkRoutes : []),
    ...allFamilies.flatMap((family) => ownRoutesOf(family.key)),
    ...trashRoutes(registry, TRASH_PATH),
    ...authRoutes,
    // The enquiry pipeline's admin endpoint beside the families.
    ...requestsSummaryRoutes,
    // The owner's view: leads, the funnel, money and seats over a range of days, from rollups.
    ...insightsRoutes,
    // Erasing and exporting a person's data: owners only, like the backup that also holds it.
    ...privacyRoutes,
    // Every enquiry and account-free content in one file: owners only, like the people and the log.
    ...backupRoutes,
    // Named accounts and the audit log: owners only.
    ...usersRoutes,
    ...auditRoutes,
    // When an edit goes live and what waits for a deploy (nothing: docs/decisions.md §76).
    ...publishingRoutes,
    // Preview and share a draft.
    ...previewRoutes(registry.content),
    // Pictures put into a markdown body by the admin's editor, before the item is saved.
    ...markdownPictureRoutes,
    // Every content family's scheduled publishes and unpublishes, and their cancelling.
    ...scheduledRoutes(registry),
  ];
}

/** A path's first segment under /api/v1, lower-cased: '' outside the API. */
function areaOf(path: string): string {
  const prefix = `${API_PREFIX}/`.toLowerCase();
  const lower = path.toLowerCase();
  return lower.startsWith(prefix) ? (lower.slice(prefix.length).split('/')[0] ?? '') : '';
}

/** The routes by their first segment under /api/v1 (lower-cased): which parts of the API exist. */
export function routeTable(registry: ApiRegistry = REGISTRY): Map<string, ApiRoute[]> {
  return areasOf(apiRoutes(registry));
}

function areasOf(routes: readonly ApiRoute[]): Map<string, ApiRoute[]> {
  const areas = new Map<string, ApiRoute[]>();
  for (const route of routes) {
    const area = areaOf(route.path);
    areas.set(area, [...(areas.get(area) ?? []), route]);
  }
  return areas;
}

/** Two routes for one method, path and query would leave one of them unreachable. */
function compile(routes: readonly ApiRoute[]): CompiledRoute[] {
  const compiled = routes.map(compileRoute);
  const seen = new Set<string>();
  for (const { route, key } of compiled) {
    const id = `${route.method} ${key}?${new URLSearchParams(route.query).toString()}`;
    if (seen.has(id)) throw new Error(`Two API routes claim ${route.method} ${route.path}`);
    seen.add(id);
  }
  return compiled;
}

/**
 * Refuses the request (throws the 401/403 answer) unless `access` lets it in: before the handler reads anything,
 * so a refused request changes nothing. GET (and HEAD) are reads; anything else is a write.
 */
export async function admit(access: Access, request: Request, deps: Deps): Promise<Actor | null> {
  switch (access.who) {
    case 'public':
      return null;
    case 'public-form':
      refuseCrossOrigin(request, deps);
      return null;
    case 'same-origin':
      requireSameOrigin(request, deps);
      return null;
    case 'staff': {
      const read = request.method === 'GET' || request.method === 'HEAD';
      return requireAdmin(request, deps, read ? 'read' : 'write', access.role, {
        whilePasswordChangeDue: access.whilePasswordChangeDue ?? false,
      });
    }
  }
}

/**
 * A write's answer with when its change goes live beside `data`: added, never changing a field, so
 * every existing reader of the envelope reads what it read before.
 */
async function withLive(response: Response, live: LiveWhen): Promise<Response> {
  if (!response.headers.get('Content-Type')?.startsWith('application/json')) return response;
  const body = (await response.json()) as Record<string, unknown>;
  return new Response(JSON.stringify({ ...body, live }), {
    status: response.status,
    headers: response.headers,
  });
}

/** The API as one route handler. `registry` is the global one but for tests that bring a fixture family. */
export function apiHandler(registry: ApiRegistry = REGISTRY): RouteHandler {
  const routes = apiRoutes(registry);
  const table = compile(routes);
  // A part of the API only owners may use answers nothing else (not even 404 or 405) to anyone else.
  const ownerAreas = new Set(
    [...areasOf(routes)]
      .filter(([, routes]) => routes.every(({ access }) => access.who === 'staff' && access.role === 'owner'))
      .map(([area]) => area),
  );
  return async (input) => {
    const { request, deps } = input;
    const found = resolve(table, request);
    if (found.kind !== 'route') {
      if (ownerAreas.has(areaOf(new URL(request.url).pathname))) await admit(OWNER, request, deps);
      return found.kind === 'method-not-allowed'
        ? methodNotAllowed(found.allow)
        : notFound(API.notFoundRoute);
    }
    const { route, params } = found;
    const actor = await admit(route.access, request, deps);
    // The declared limits keyed by address or account are counted before the handler reads anything.
    const count = await applyRouteLimits(route, deps, input.ip, actor);
    // Each handler tells the audit log what it did (src/server/audit/audit-log.ts): nothing is guessed here.
    const context: PublishContext = { actor, family: route.family, id: params.id };
    let response = await withPublishContext(context, () => route.handle({ ...input, params, actor, count }));
    const cap = cdnCapOf(response);
    if (response.ok && context.live) response = await withLive(response, context.live);
    if (response.ok) {
      for (const [name, value] of Object.entries(cacheHeaders(route.cache, cap)))
        response.headers.set(name, value);
    }
    return response;
  };
}
