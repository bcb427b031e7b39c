/**
 * Preview and share, the API's side:
 * - `POST /api/v1/preview` `{family, id}` (staff, audited): a signed link that shows the item's preview without
 *   signing in, for PREVIEW_LINK_DAYS → `{url, expiresAt, link}`;
 * - `GET /api/v1/preview/{family}/{id}` (staff): the item's links still working;
 * - `POST /api/v1/preview/revoke` `{family, id, link}` (staff, audited): one withdrawn at once;
 * - `POST /api/v1/preview/render` (staff): the admin's "Preview" of unsaved values, the form's values over the
 *   stored item (or alone for a new one), answered as the page itself (a form POST opens it in a tab).
 * - `GET /api/v1/preview/view/{token}` (anyone with the link): the page (preview-page-handler.ts).
 */
import { z } from 'zod';
import { API } from '../../lib/api-messages.ts';
import type { ContentFamily } from '../../lib/collections.ts';
import {
  PREVIEW_PAGE_PATH,
  PREVIEW_PATH,
  PREVIEW_PAYLOAD_FIELD,
  PREVIEW_RENDER_PATH,
  PREVIEW_REVOKE_PATH,
  type SharedPreview,
} from '../../lib/preview.ts';
import { auditAction } from '../audit/audit-log.ts';
import { originOf } from '../certificates/lookup.ts';
import { bodyKind, readJson, readUrlEncoded } from '../http/body.ts';
import { badRequest, HttpError, notFound, ok } from '../http/respond.ts';
import {
  ITEM_ID,
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type StaffInput,
} from '../http/route-table.ts';
import { PRIVATE_NO_STORE } from '../http/cache-policy.ts';
import { validate } from '../http/validate.ts';
import { activeLinks, revokeLink, shareLink, viewOf } from '../preview/links.ts';
import { viewPreview } from './preview-page-handler.ts';
import { fetchShell, PREVIEW_HEADERS, previewDocument, type ShellLoader } from '../preview/preview-page.ts';
import { realPreviewContext, rendererOf, renderRealPreview } from '../preview/renderers.ts';

/** Families whose items the public sees: a staff-only family has no page to preview. */
export const previewableFamilies = (content: readonly ContentFamily[]): ContentFamily[] =>
  content.filter((family) => !family.staffOnly);

type Named = (key: unknown) => ContentFamily;
const namer =
  (families: readonly ContentFamily[]): Named =>
  (key) => {
    const family = families.find((candidate) => candidate.key === key);
    if (!family)
      throw new HttpError(badRequest(API.previewFamilyUnknown, { family: API.previewFamilyUnknown }));
    return family;
  };

const ShareSchema = z.object({
  family: z.string({ error: API.previewFamilyUnknown }),
  id: z.string({ error: API.previewIdRequired }).regex(ITEM_ID, API.previewIdRequired),
});
const RevokeSchema = z.strictObject({
  family: z.string({ error: API.previewFamilyUnknown }),
  id: z.string({ error: API.previewIdRequired }).regex(ITEM_ID, API.previewIdRequired),
  link: z.string({ error: API.previewLinkNotFound }).regex(ITEM_ID, API.previewLinkNotFound),
});
const RenderSchema = z.object({
  family: z.string({ error: API.previewFamilyUnknown }),
  id: z.string().regex(ITEM_ID).nullable().optional(),
  values: z.record(z.string(), z.unknown()).optional(),
});

const share = (familyNamed: Named) => async (input: StaffInput) => {
  const { request, deps, actor } = input;
  const body = validate(ShareSchema, await readJson(request));
  const family = familyNamed(body.family);
  const item = await deps.repository.get(family.key, body.id);
  if (!item) return notFound();
  const { path, record } = await shareLink(deps, actor, family.key, item._id);
  await auditAction(input, actor, { action: 'preview-share', family: family.key, item });
  const data: SharedPreview = {
    url: `${originOf(deps, request)}${path}`,
    expiresAt: record.expiresAt,
    link: viewOf(record),
  };
  return ok(data, { status: 201, message: API.previewShared });
};

const listLinks =
  (family: ContentFamily) =>
  async ({ deps, params }: StaffInput) =>
    ok((await activeLinks(deps, family.key, params.id ?? '')).map(viewOf));

const revoke = (familyNamed: Named) => async (input: StaffInput) => {
  const { request, deps, actor } = input;
  const { family: key, id, link } = validate(RevokeSchema, await readJson(request));
  const family = familyNamed(key);
  const record = await revokeLink(deps, family.key, id, link);
  if (!record) return notFound(API.previewLinkNotFound);
  const item = await deps.repository.get(family.key, record.itemId);
  await auditAction(input, actor, {
    action: 'preview-revoke',
    family: family.key,
    ...(item ? { item } : { id: record.itemId }),
  });
  return ok(viewOf(record), { message: API.previewRevoked });
};

/** Only the family's own fields come from the form: nothing else of the request reaches the page. */
const fieldValues = (family: ContentFamily, values: Record<string, unknown>) =>
  Object.fromEntries(
    family.fields.flatMap((field) => (field.name in values ? [[field.name, values[field.name]]] : [])),
  );

export const renderUnsaved =
  (familyNamed: Named, shell: ShellLoader) =>
  async ({ request, deps }: StaffInput) => {
    const raw =
      bodyKind(request) === 'form'
        ? parsePayload((await readUrlEncoded(request)).get(PREVIEW_PAYLOAD_FIELD))
        : await readJson(request);
    const body = validate(RenderSchema, raw);
    const family = familyNamed(body.family);
    const stored = body.id ? await deps.repository.get(family.key, body.id) : null;
    if (body.id && !stored) return notFound();
    const item = { ...stored, ...fieldValues(family, body.values ?? {}) };
    const { title, body: main } = await renderRealPreview(family, item, await realPreviewContext(deps));
    const html = await previewDocument(
      shell,
      originOf(deps, request),
      rendererOf(family).shellPath,
      title,
      main,
    );
    return new Response(html, { headers: PREVIEW_HEADERS });
  };

function parsePayload(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    throw new HttpError(badRequest(API.invalidJson));
  }
}

/** The routes for the registry's content families (a family added there gets its links' list). */
export function previewRoutes(
  content: readonly ContentFamily[],
  shell: ShellLoader = fetchShell,
): ApiRoute[] {
  const families = previewableFamilies(content);
  const named = namer(families);
  return [
    staffRoute('POST', PREVIEW_PATH, STAFF, ['preview-share'], share(named)),
    // The link's page: for anyone holding a well-formed token (anything else is the API's JSON 404).
    publicRoute('GET', `${PREVIEW_PAGE_PATH}/:token`, PUBLIC, READ, viewPreview(families, shell), {
      // Loose here, so that a mangled link still gets the page that says so; checkLink is the strict check.
      params: { token: /^[^/]{1,300}$/ },
      cache: PRIVATE_NO_STORE,
    }),
    staffRoute('POST', PREVIEW_REVOKE_PATH, STAFF, ['preview-revoke'], revoke(named)),
    staffRoute(
      'POST',
      PREVIEW_RENDER_PATH,
      STAFF,
      { none: 'a preview of unsaved values stores nothing' },
      renderUnsaved(named, shell),
    ),
    ...families.map((family) =>
      staffRoute('GET', `${PREVIEW_PATH}/${family.key}/:id`, STAFF, READ, listLinks(family), {
        family: family.key,
      }),
    ),
  ];
}
