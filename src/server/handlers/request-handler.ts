/**
 * The one handler for personal-data requests (contact messages, enrolments): a public, rate-limited,
 * honeypot-guarded POST; admin list (newest first, paginated), delete and CSV export.
 */
import { exportPath, type RequestFamily, type RequestFamilyKey } from '../../lib/collections.ts';
import {
  HONEYPOT_FIELD,
  REQUEST_LIST_DEFAULT_LIMIT,
  REQUEST_LIST_MAX_LIMIT,
  SUBMISSION_RATE_LIMIT,
} from '../../lib/constants.ts';
import { API } from '../../lib/messages.ts';
import { z } from 'zod';
import { refuseCrossOrigin, requireAdmin } from '../auth/guard.ts';
import { toCsv } from '../csv.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { HandlerInput, RouteHandler } from '../http/netlify-function.ts';
import { enforceRateLimit } from '../http/rate-limit.ts';
import { created, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validate } from '../http/validate.ts';
import type { StoredItem } from '../repository/port.ts';
import { resolveEnrollCourse } from './enroll-course-rule.ts';

/** Family-specific checks after validation (enrolment must name an offered course). */
const submissionRules: Partial<
  Record<RequestFamilyKey, (fields: Record<string, unknown>, deps: Deps) => Promise<Record<string, unknown>>>
> = { enroll: resolveEnrollCourse };

const receivedMessages: Record<RequestFamilyKey, string> = {
  contact: API.contactReceived,
  enroll: API.enrollReceived,
};

const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: API.validation })
    .int(API.validation)
    .min(1, API.validation)
    .max(REQUEST_LIST_MAX_LIMIT, API.validation)
    .default(REQUEST_LIST_DEFAULT_LIMIT),
  cursor: z
    .string()
    .max(200, API.validation)
    .regex(/^[\w.:-]*$/, API.validation)
    .optional(),
});

/** The largest CSV export, in pages of REQUEST_LIST_MAX_LIMIT: a bound on one function invocation's work. */
const EXPORT_MAX_PAGES = 100;

export function requestHandler(family: RequestFamily): RouteHandler {
  const exportName = exportPath(family.key as RequestFamilyKey)
    .slice(family.path.length + 1)
    .toLowerCase();
  return async (input) => {
    const { request } = input;
    const route = matchRoute(request, family.path);
    if (route?.kind === 'collection') {
      return dispatch(request, { GET: () => list(family, input), POST: () => submit(family, input) });
    }
    if (route?.kind === 'item') {
      return dispatch(request, { DELETE: () => remove(family, input, route.id) });
    }
    if (route?.kind === 'other' && route.rest.toLowerCase() === exportName) {
      return dispatch(request, { GET: () => exportCsv(family, input) });
    }
    return notFound(API.notFoundRoute);
  };
}

async function submit(family: RequestFamily, { request, deps, ip }: HandlerInput) {
  refuseCrossOrigin(request, deps);
  await enforceRateLimit(
    deps.repository,
    `submit-${family.key}`,
    ip,
    { ...SUBMISSION_RATE_LIMIT, limit: deps.env.SUBMISSION_RATE_LIMIT_MAX },
    API.rateLimited,
  );
  const received = created(null, receivedMessages[family.key as RequestFamilyKey]);
  const body = await readJson(request);
  // A bot filled the hidden field: answer exactly as for a person, keep nothing.
  if (isRecord(body) && typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '')
    return received;
  const { [HONEYPOT_FIELD]: _honeypot, ...fields } = validate(family.inputSchema, body) as Record<
    string,
    unknown
  >;
  const rule = submissionRules[family.key as RequestFamilyKey];
  await deps.repository.create(family.key, rule ? await rule(fields, deps) : fields);
  // Nothing public changed, so no purge and no rebuild; the submitter gets no stored personal data back.
  return received;
}

async function list(family: RequestFamily, { request, deps }: HandlerInput) {
  requireAdmin(request, deps, 'read');
  const params = new URL(request.url).searchParams;
  const paged = params.has('limit') || params.has('cursor');
  const query = validate(PageQuerySchema, {
    limit: params.get('limit') ?? undefined,
    cursor: params.get('cursor') || undefined,
  });
  const page = await deps.repository.listPage(family.key, {
    limit: query.limit,
    cursor: query.cursor ?? null,
  });
  // Unparameterised, the answer keeps the spec's shape: `data` is the array (newest first).
  return ok(page.items, paged ? { extra: { nextCursor: page.nextCursor } } : {});
}

async function remove(family: RequestFamily, { request, deps }: HandlerInput, id: string) {
  requireAdmin(request, deps, 'write');
  const removed = await deps.repository.delete(family.key, id);
  if (!removed) return notFound();
  return ok({ _id: removed._id }, { message: family.messages.deleted });
}

async function exportCsv(family: RequestFamily, { request, deps }: HandlerInput) {
  requireAdmin(request, deps, 'read');
  const rows: StoredItem[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < EXPORT_MAX_PAGES; page += 1) {
    const result = await deps.repository.listPage(family.key, { limit: REQUEST_LIST_MAX_LIMIT, cursor });
    rows.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  const date = deps.now().toISOString().slice(0, 10);
  return new Response(toCsv(family.csvFields, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${family.key}-${date}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
