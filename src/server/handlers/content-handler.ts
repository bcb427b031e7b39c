/**
 * The one handler for every content family of the registry (home content, home services, home courses,
 * service content, careers): public list, admin create / update / delete, images through the ImageService.
 */
import { contentFamilies, type ContentFamily } from '../../lib/collections.ts';
import { storedImageValue } from '../../lib/image-url.ts';
import { API, VALIDATION } from '../../lib/messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { requireAdmin } from '../auth/guard.ts';
import { publishChange } from '../cdn/publish-change.ts';
import type { Deps } from '../deps.ts';
import { bodyKind, formFields, readJson, readMultipart } from '../http/body.ts';
import { publicCache } from '../http/cache-policy.ts';
import type { RouteHandler } from '../http/netlify-function.ts';
import { created, HttpError, notFound, ok } from '../http/respond.ts';
import { dispatch, matchRoute } from '../http/route.ts';
import { validationFailure } from '../http/validate.ts';
import { ownImageHash } from '../images/image-names.ts';
import type { StoredItem } from '../repository/port.ts';

const IMAGE_FIELD = 'image';

export function contentHandler(family: ContentFamily): RouteHandler {
  return async ({ request, deps }) => {
    const route = matchRoute(request, family.path);
    if (route?.kind === 'collection') {
      return dispatch(request, {
        GET: () => list(family, deps),
        POST: () => create(family, deps, request),
      });
    }
    if (route?.kind === 'item') {
      return dispatch(request, {
        PUT: () => update(family, deps, request, route.id),
        DELETE: () => remove(family, deps, request, route.id),
      });
    }
    return notFound(API.notFoundRoute);
  };
}

async function list(family: ContentFamily, deps: Deps) {
  return ok(await deps.repository.list(family.key), { cache: publicCache(family.cacheTag) });
}

/** The validated fields and the uploaded file (multipart families also accept JSON when no file is sent). */
async function readInput(family: ContentFamily, request: Request, imageRequired: boolean) {
  let raw: unknown;
  let file: File | null = null;
  if (family.multipart && bodyKind(request) === 'multipart') {
    ({ fields: raw, file } = formFields(await readMultipart(request), IMAGE_FIELD));
  } else {
    raw = await readJson(request);
  }
  // A text `image` value is the client echoing the current one: the stored value is the server's to set.
  if (family.image && isRecord(raw)) delete raw[IMAGE_FIELD];
  const result = family.inputSchema.safeParse(raw);
  const errors = result.success ? {} : fieldErrors(result.error);
  if (imageRequired && !file) errors[IMAGE_FIELD] = VALIDATION.imageRequired;
  if (!result.success || Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
  return { fields: result.data as Record<string, unknown>, file };
}

async function create(family: ContentFamily, deps: Deps, request: Request) {
  requireAdmin(request, deps, 'write');
  const { fields, file } = await readInput(family, request, family.image?.requiredOnCreate ?? false);
  // Who holds which image, read before the write: if the write then fails, the store may not answer.
  const before = file ? await itemsSharingFolder(family, deps) : [];
  const image = file && family.image ? await storeImage(family, deps, file) : null;
  let item: StoredItem;
  try {
    item = await deps.repository.create(family.key, { ...fields, ...image?.fields });
  } catch (error) {
    await discardImage(family, deps, image?.fields.image, before);
    throw error;
  }
  await publishChange(deps, family.cacheTag);
  return created(item, family.messages.added);
}

async function update(family: ContentFamily, deps: Deps, request: Request, id: string) {
  requireAdmin(request, deps, 'write');
  const { fields, file } = await readInput(family, request, false);
  // Checked before the image is processed, so an unknown id costs no image work.
  if (!(await deps.repository.get(family.key, id))) return notFound();
  const before = file ? await itemsSharingFolder(family, deps) : [];
  const image = file && family.image ? await storeImage(family, deps, file) : null;
  let result: Awaited<ReturnType<Deps['repository']['update']>>;
  try {
    result = await deps.repository.update(family.key, id, { ...fields, ...image?.fields });
  } catch (error) {
    await discardImage(family, deps, image?.fields.image, before);
    throw error;
  }
  if (!result) {
    await discardImage(family, deps, image?.fields.image, before);
    return notFound();
  }
  const previousImage = result.previous.image;
  if (image && typeof previousImage === 'string' && previousImage !== image.fields.image) {
    await discardImage(family, deps, previousImage);
  }
  await publishChange(deps, family.cacheTag);
  return ok(result.item, { message: family.messages.updated });
}

async function remove(family: ContentFamily, deps: Deps, request: Request, id: string) {
  requireAdmin(request, deps, 'write');
  const removed = await deps.repository.delete(family.key, id);
  if (!removed) return notFound();
  if (typeof removed.image === 'string') await discardImage(family, deps, removed.image);
  await publishChange(deps, family.cacheTag);
  return ok({ _id: removed._id }, { message: family.messages.deleted });
}

async function storeImage(family: ContentFamily, deps: Deps, file: File) {
  const rule = family.image;
  if (!rule) throw new Error(`${family.key} has no image rule`);
  const processed = await deps.images.store(rule.folder, file);
  return {
    fields: {
      image: storedImageValue(processed.fileName, rule.folder, rule.storedAs),
      imageWidth: processed.width,
      imageHeight: processed.height,
    },
  };
}

/**
 * Removes an image no item uses any more. Names are content hashes, so the same picture uploaded for two items
 * (or for a home service and a service content, which share a folder) is one set of blobs: it goes only when
 * no item of any family in that folder still holds it. A failure leaves an orphan, never a failed request.
 */
async function discardImage(
  family: ContentFamily,
  deps: Deps,
  storedValue: string | undefined,
  /** The folder's items as known before a write that then failed (the store may be down now). */
  known?: StoredItem[],
) {
  const folder = family.image?.folder;
  const hash = folder ? ownImageHash(folder, storedValue) : null;
  if (!folder || !hash) return;
  try {
    const items = known ?? (await itemsSharingFolder(family, deps));
    if (items.some((item) => typeof item.image === 'string' && ownImageHash(folder, item.image) === hash))
      return;
    await deps.images.remove(folder, storedValue);
  } catch (error) {
    console.warn(
      `[images] could not remove ${storedValue}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function itemsSharingFolder(family: ContentFamily, deps: Deps): Promise<StoredItem[]> {
  const folder = family.image?.folder;
  const sharing = Object.values(contentFamilies).filter((other) => folder && other.image?.folder === folder);
  return (await Promise.all(sharing.map((other) => deps.repository.list(other.key)))).flat();
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
