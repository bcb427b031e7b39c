/**
 * The one handler for every content family of the registry (home content, home services, home courses,
 * service content, careers): public list and item, admin create / update / delete (to the trash), order,
 * drafts, history, CSV; images through the ImageService.
 */
import { contentFamilies, CSV_EXPORT_NAME, type ContentFamily } from '../../lib/collections.ts';
import { ALT_FIELD, fieldCsv, publicView } from '../../lib/fields.ts';
import { resolveImageUrl, storedImageValue } from '../../lib/image-url.ts';
import { API, FIELD_REASONS, VALIDATION } from '../../lib/api-messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { auditAction } from '../audit/audit-log.ts';
import { createHooksOf } from './create-hooks.ts';
import { referrersOf, withRelations, writeClaiming } from './content-relations.ts';
import { moveToTrash } from './move-to-trash.ts';
import { checkPublishable } from './publish-gate.ts';
import { publishChange, purgeTag } from '../cdn/publish-change.ts';
import { csvResponse } from '../csv.ts';
import type { Deps } from '../deps.ts';
import { bodyKind, formFields, readJson, readMultipart } from '../http/body.ts';
import { capCdnAge, publicCache } from '../http/cache-policy.ts';
import { nextChangeAfter } from '../../lib/schedule.ts';
import { liveItems, publicScheduleView, settleSchedule, withoutCleared } from './content-schedule.ts';
import {
  PUBLIC,
  publicRoute,
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type StaffInput,
} from '../http/route-table.ts';
import { conflict, created, HttpError, notFound, ok } from '../http/respond.ts';
import { validate, validationFailure } from '../http/validate.ts';
import { ownImageHash, parseImageFileName } from '../images/image-names.ts';
import { makeSerial } from '../certificates/number.ts';
import { OrderConflictError, UniqueConflictError, versionOf, type StoredItem } from '../repository/port.ts';
import {
  editorName,
  editorOf,
  etagOf,
  expectedVersion,
  staleWrite,
  updateAsEditor,
  UPDATED_BY,
  type Editor,
} from '../http/versions.ts';
import { isRecord } from '../../lib/json.ts';
import { z } from 'zod';

const IMAGE_FIELD = 'image';
const ORDER_SEGMENT = 'order';
const DRAFTS_PARAM = 'drafts';

const OrderSchema = z.strictObject({
  ids: z.array(z.string().max(128), { error: API.orderInvalid }).max(10_000, API.orderInvalid),
});

/**
 * A content family's routes: the public list and item (cached at the CDN under the family's tag), and for staff
 * the same with drafts (`?drafts=1`), create, update, delete (to the trash), order, history and the CSV.
 * `families` is the registry the API is served from: deleting an item is refused while an item of any of them
 * refers to it.
 */
export function contentRoutes(
  family: ContentFamily,
  families: readonly ContentFamily[] = Object.values(contentFamilies),
): ApiRoute[] {
  const base = family.path;
  const item = `${base}/:id`;
  const on = { family: family.key };
  const drafts = { ...on, query: { [DRAFTS_PARAM]: '1' } };
  const cache = publicCache(family.cacheTag);
  return [
    // Order before the item: `order` is no item id.
    staffRoute('PUT', `${base}/${ORDER_SEGMENT}`, STAFF, ['reorder'], (input) => reorder(family, input), on),
    staffRoute(
      'GET',
      `${base}/${CSV_EXPORT_NAME}`,
      STAFF,
      ['export'],
      (input) => exportCsv(family, input),
      on,
    ),
    staffRoute('GET', `${item}/revisions`, STAFF, READ, (input) => listRevisions(family, input), on),
    staffRoute(
      'POST',
      `${item}/revisions/:rev/restore`,
      STAFF,
      ['restore'],
      (input) => restoreRevision(family, input, input.params.id ?? '', input.params.rev ?? ''),
      on,
    ),
    // A staff-only family (certificates) answers its list and items to staff alone, with or without `?drafts=1`.
    staffRoute('GET', base, STAFF, READ, ({ deps }) => listAll(family, deps), family.staffOnly ? on : drafts),
    ...(family.staffOnly
      ? []
      : [
          publicRoute('GET', base, PUBLIC, READ, ({ deps }) => listPublished(family, deps), { ...on, cache }),
        ]),
    staffRoute('POST', base, STAFF, ['create'], (input) => create(family, input), on),
    staffRoute(
      'GET',
      item,
      STAFF,
      READ,
      ({ deps, params }) => read(family, deps, params.id ?? '', true),
      family.staffOnly ? on : drafts,
    ),
    ...(family.staffOnly
      ? []
      : [
          publicRoute(
            'GET',
            item,
            PUBLIC,
            READ,
            ({ deps, params }) => read(family, deps, params.id ?? '', false),
            { ...on, cache },
          ),
        ]),
    staffRoute('PUT', item, STAFF, ['update'], (input) => update(family, input, input.params.id ?? ''), on),
    staffRoute(
      'DELETE',
      item,
      STAFF,
      ['delete'],
      (input) => remove(family, families, input, input.params.id ?? ''),
      on,
    ),
  ];
}

export const isPublished = (item: StoredItem) => item.published !== false;

/** After a write: the CDN purged and the site rebuilt, or only purged for a family no page is built from. */
const changed = (family: ContentFamily, deps: Deps) =>
  family.staffOnly ? purgeTag(deps, family.cacheTag) : publishChange(deps, family.cacheTag);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The definition's `requireOneOf`: at least one of each group's fields has a value. */
function checkOneOf(family: ContentFamily, fields: Record<string, unknown>) {
  const errors: Record<string, string> = {};
  for (const rule of family.requireOneOf) {
    if (rule.fields.every((name) => text(fields[name]) === '')) errors[rule.fields[0] ?? ''] = rule.message;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
}

/**
 * The definition's `stampOnPublish` (issue 24: an article's first-published date): set to now by the first write
 * that leaves the item published while it has none, so staff need not type it and a later edit never moves it.
 */
function stampFirstPublish(
  family: ContentFamily,
  deps: Deps,
  fields: Record<string, unknown>,
  current: StoredItem | null,
) {
  const field = family.stampOnPublish;
  if (!field) return;
  const published = fields.published ?? (current ? isPublished(current) : true);
  if (published === false || text(fields[field]) !== '' || text(current?.[field]) !== '') return;
  fields[field] = deps.now().toISOString();
}

/**
 * An item as the API answers it: its place in the order, its draft state made explicit and, with a picture,
 * the picture's absolute path whatever form it is stored in.
 */
export function present(family: ContentFamily, item: StoredItem, position?: number): StoredItem {
  // Who edited is for staff (the history and a refused save say it), never for the public API.
  const { [UPDATED_BY]: _editor, ...rest } = item;
  const shown: StoredItem = { ...rest, published: isPublished(item), version: versionOf(item) };
  if (position !== undefined) shown.position = position;
  if (family.image && typeof item.image === 'string' && item.image !== '')
    shown.imageUrl = resolveImageUrl(item.image, family.image.folder);
  return shown;
}

/** The family in its order, each item with its position (drafts included: positions are the admin's). */
export async function orderedItems(family: ContentFamily, deps: Deps): Promise<StoredItem[]> {
  return (await deps.repository.list(family.key)).map((item, index) => present(family, item, index));
}

/** The family's items as CSV, one column per field, each cell written by its field's kind. */
async function exportCsv(family: ContentFamily, input: StaffInput) {
  const { deps, actor } = input;
  const items = await deps.repository.list(family.key);
  const columns = ['createdAt', 'updatedAt', ...family.fields.map((field) => field.name)];
  // Each cell as its field's kind writes it: points one per line, a picture as its URL, money in rupees, times in IST.
  const rows = items.map((item) => ({
    ...item,
    ...Object.fromEntries(family.fields.map((field) => [field.name, fieldCsv(field, item[field.name])])),
  }));
  await auditAction(input, actor, { action: 'export', family: family.key });
  return csvResponse(family.key, columns, rows, deps.now());
}

/** Drafts included: what staff see (`?drafts=1`). */
async function listAll(family: ContentFamily, deps: Deps) {
  return ok(await orderedItems(family, deps));
}

/** An item as the public reads it: without what it keeps private (an anonymous client's name) or its schedule. */
const publicItem = (family: ContentFamily, item: StoredItem) =>
  publicView(family.fields, publicScheduleView(item));

/**
 * A public answer that changes by itself when the family's next scheduled time comes: the CDN keeps it no longer
 * than that (issue 24.3), so a due item is never hidden behind a cached copy.
 */
function untilNextChange(response: Response, items: readonly StoredItem[], now: Date): Response {
  const next = nextChangeAfter(items, now.getTime());
  return next === null ? response : capCdnAge(response, (next - now.getTime()) / 1000);
}

/** The public list: the items live now (published, or scheduled and due), each as the public reads it. */
async function listPublished(family: ContentFamily, deps: Deps) {
  const now = deps.now();
  const items = await orderedItems(family, deps);
  return untilNextChange(ok(liveItems(items, now).map((item) => publicItem(family, item))), items, now);
}

async function read(family: ContentFamily, deps: Deps, id: string, drafts: boolean) {
  const now = deps.now();
  const items = await orderedItems(family, deps);
  const item = items.find((candidate) => candidate._id === id);
  if (!item || (!drafts && liveItems([item], now).length === 0)) return notFound();
  // The version as an ETag for staff, who send it back as If-Match; public copies are the CDN's to validate.
  return drafts
    ? ok(item, { headers: { ETag: etagOf(versionOf(item)) } })
    : untilNextChange(ok(publicItem(family, item)), [item], now);
}

/** An update that only publishes or unpublishes: `{"published": true|false}` and nothing else (issue 21). */
const FlagOnlySchema = z.strictObject({ published: z.boolean() });

/**
 * The validated fields and the uploaded file (multipart families also accept JSON when no file is sent).
 * `flagOnly`: a JSON body of `published` alone is accepted as it is, so a publish toggle changes only the flag.
 */
async function readInput(
  family: ContentFamily,
  request: Request,
  imageRequired: boolean,
  { flagOnly = false } = {},
) {
  let raw: unknown;
  let file: File | null = null;
  if (family.multipart && bodyKind(request) === 'multipart') {
    ({ fields: raw, file } = formFields(await readMultipart(request), IMAGE_FIELD));
  } else {
    raw = await readJson(request);
    const flag = flagOnly ? FlagOnlySchema.safeParse(raw) : null;
    if (flag?.success) return { fields: flag.data as Record<string, unknown>, file };
  }
  // A text `image` value is the client echoing the current one: the stored value is the server's to set.
  if (family.image && isRecord(raw)) delete raw[IMAGE_FIELD];
  const result = family.inputSchema.safeParse(raw);
  const errors = result.success ? {} : fieldErrors(result.error);
  if (imageRequired && !file) errors[IMAGE_FIELD] = VALIDATION.imageRequired;
  if (!result.success || Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
  return { fields: result.data as Record<string, unknown>, file };
}

async function create(family: ContentFamily, input: StaffInput) {
  const { fields: read, file } = await readInput(
    family,
    input.request,
    family.image?.requiredOnCreate ?? false,
  );
  settleSchedule(read, null, input.deps.now());
  const item = await createItem(family, input, withoutCleared(read), { picture: file });
  return created(present(family, item), family.messages.added);
}

interface CreateOptions {
  /** Stored beside the fields: bookkeeping no form edits (a certificate's enrolment). */
  extra?: Record<string, unknown>;
  picture?: File | null;
  audit?: boolean;
  publish?: boolean;
  hooks?: boolean;
}

/**
 * The one way an item is created, for `POST` and for the handlers that create items themselves (certificates
 * issued from a roster or imported from a CSV, issue 23): the family's rules, serial and first-publication stamp,
 * references and publish gate, the picture, the unique claims, then the purge or rebuild, the audit entry and the
 * family's create hooks. Refusals throw the HttpError the POST answers.
 */
async function createItem(
  family: ContentFamily,
  input: StaffInput,
  given: Record<string, unknown>,
  { extra = {}, picture = null, audit = true, publish = true, hooks = true }: CreateOptions = {},
): Promise<StoredItem> {
  const { deps, actor } = input;
  // Slugs settled and references checked before the picture is processed, so a refusal costs no image work.
  checkOneOf(family, given);
  await createHooksOf(family.key)?.check?.(input, given, null);
  const serial = family.serial;
  if (serial && text(given[serial.field]) === '')
    given[serial.field] = makeSerial(serial.prefix, String(given.issuedOn ?? deps.now().toISOString()));
  stampFirstPublish(family, deps, given, null);
  const fields = await withRelations(family, deps, given, null);
  await checkPublishable(family, deps, fields, null);
  // Who holds which image, read before the write: if the write then fails, the store may not answer.
  const before = picture ? await itemsSharingFolder(family, deps) : [];
  const image = picture && family.image ? await storeImage(family, deps, picture) : null;
  let item: StoredItem;
  try {
    // `published` is stored explicitly, so what the API answers is exactly what it stored.
    item = await writeClaiming(family, deps, given, null, fields, async (settled) =>
      deps.repository.create(family.key, {
        ...settled,
        published: settled.published ?? true,
        ...image?.fields,
        ...(hooks ? await createHooksOf(family.key)?.extra?.(input, settled) : {}),
        ...extra,
        // Who saved each version, so the history says it from the first one (issue 21.11).
        [UPDATED_BY]: editorOf(actor),
      }),
    );
  } catch (error) {
    await discardImage(family, deps, image?.fields.image, before);
    if (serial && error instanceof UniqueConflictError && error.field === serial.field) {
      // A number's claim outlives its certificate: one deleted keeps its number from being issued again.
      const live = error.holder ? await deps.repository.get(family.key, error.holder) : null;
      const reason = live ? FIELD_REASONS.serialTaken : FIELD_REASONS.serialRetired;
      throw new HttpError(
        validationFailure({ [serial.field]: reason(text(given[serial.field]) || error.value) }),
      );
    }
    throw error;
  }
  if (publish) await changed(family, deps);
  if (audit) await auditAction(input, actor, { action: 'create', family: family.key, item });
  if (hooks) createHooksOf(family.key)?.after?.(input, item);
  return item;
}

async function update(family: ContentFamily, input: StaffInput, id: string) {
  const { request, deps, actor } = input;
  const expected = expectedVersion(request);
  const { fields, file } = await readInput(family, request, false, { flagOnly: true });
  // Checked before the image is processed, so an unknown id or a stale version costs no image work.
  const current = await deps.repository.get(family.key, id);
  if (!current) return notFound();
  if (expected !== undefined && versionOf(current) !== expected) return staleWrite(current);
  // A publish toggle sends the flag alone: there is no slug or reference in it to check.
  const flagOnly = Object.keys(fields).every((name) => name === 'published');
  settleSchedule(fields, current, deps.now(), { flagOnly });
  if (!flagOnly) {
    checkOneOf(family, { ...current, ...fields });
    // A number, once stored, is what verifiers and printed copies hold: a form may send it back, never change it.
    const serial = family.serial?.field;
    if (serial && text(fields[serial]) !== '' && text(fields[serial]) !== text(current[serial]))
      throw new HttpError(validationFailure({ [serial]: FIELD_REASONS.serialFixed }));
    if (serial) fields[serial] = current[serial];
  }
  await createHooksOf(family.key)?.check?.(input, { ...current, ...fields }, current);
  stampFirstPublish(family, deps, fields, current);
  const settled = flagOnly ? fields : await withRelations(family, deps, fields, current);
  await checkPublishable(family, deps, settled, current);
  const before = file ? await itemsSharingFolder(family, deps) : [];
  const image = file && family.image ? await storeImage(family, deps, file) : null;
  const result = await writeUpdate(
    family,
    deps,
    id,
    { given: fields, current, settled, extra: image?.fields ?? {} },
    image?.fields.image,
    before,
    {
      editor: editorOf(actor),
      expectedVersion: expected,
    },
  );
  if (!result) return notFound();
  await auditAction(input, actor, { action: 'update', family: family.key, item: result });
  return ok(present(family, result), {
    message: family.messages.updated,
    headers: { ETag: etagOf(versionOf(result)) },
  });
}

/**
 * What an update writes: the fields as sent (`given`, over `current`), settled by `withRelations`, and
 * `extra` fields that are not the client's (a new picture), kept if the slug must be settled again.
 */
interface UpdateFields {
  given: Record<string, unknown>;
  current: StoredItem;
  settled: Record<string, unknown>;
  extra: Record<string, unknown>;
}

/** Writes an update; a picture the item no longer shows goes once nothing (item or trash) holds it. */
async function writeUpdate(
  family: ContentFamily,
  deps: Deps,
  id: string,
  { given, current, settled, extra }: UpdateFields,
  newImage: string | undefined,
  before: StoredItem[],
  { editor, expectedVersion }: { editor: Editor; expectedVersion?: number | undefined },
): Promise<StoredItem | null> {
  let result: Awaited<ReturnType<Deps['repository']['update']>>;
  try {
    result = await writeClaiming(family, deps, given, current, settled, (fields) =>
      updateAsEditor(deps.repository, family.key, id, { ...fields, ...extra }, editor, expectedVersion),
    );
  } catch (error) {
    await discardImage(family, deps, newImage, before);
    throw error;
  }
  if (!result) {
    await discardImage(family, deps, newImage, before);
    return null;
  }
  const previousImage = result.previous.image;
  if (typeof previousImage === 'string' && previousImage !== result.item.image) {
    await discardImage(family, deps, previousImage);
  }
  await changed(family, deps);
  return result.item;
}

/** DELETE keeps the spec's answer; the item goes to the trash, restorable for TRASH_RETENTION_DAYS. */
async function remove(
  family: ContentFamily,
  families: readonly ContentFamily[],
  input: StaffInput,
  id: string,
) {
  const { deps, actor } = input;
  // An item others refer to stays, so no page links to nothing: staff are told which items to change first.
  const referrers = await referrersOf(families, family, id, deps);
  if (referrers.length > 0) return conflict(FIELD_REASONS.referencedBy(referrers));
  await createHooksOf(family.key)?.beforeDelete?.(input, id);
  const removed = await moveToTrash(deps, family.key, id, actor);
  if (!removed) return notFound();
  await changed(family, deps);
  await auditAction(input, actor, { action: 'delete', family: family.key, item: removed.item });
  return ok({ _id: removed.item._id }, { message: family.messages.deleted });
}

async function reorder(family: ContentFamily, input: StaffInput) {
  const { request, deps, actor } = input;
  const { ids } = validate(OrderSchema, await readJson(request));
  let items: StoredItem[];
  try {
    items = await deps.repository.reorder(family.key, ids);
  } catch (error) {
    if (error instanceof OrderConflictError) throw new HttpError(conflict(API.orderConflict));
    throw error;
  }
  await changed(family, deps);
  await auditAction(input, actor, { action: 'reorder', family: family.key });
  return ok(
    items.map((item, index) => present(family, item, index)),
    { message: API.orderSaved },
  );
}

async function listRevisions(family: ContentFamily, { deps, params }: StaffInput) {
  const id = params.id ?? '';
  const revisions = await deps.repository.revisions(family.key, id);
  if (revisions.length === 0 && !(await deps.repository.get(family.key, id))) return notFound();
  return ok(
    revisions.map((revision) => ({
      ...revision,
      savedBy: editorName(revision.data),
      data: present(family, revision.data),
    })),
  );
}

/**
 * Makes a saved version current again (an update, so it is itself a new version). Its picture comes back only
 * while it is still stored: pictures are freed when no item holds them, and a version is not an item.
 */
async function restoreRevision(family: ContentFamily, input: StaffInput, id: string, rev: string) {
  const { deps, actor } = input;
  const revision = (await deps.repository.revisions(family.key, id)).find(
    (candidate) => candidate.rev === rev,
  );
  const current = revision ? await deps.repository.get(family.key, id) : null;
  if (!revision || !current) return notFound();
  const fields: Record<string, unknown> = { published: revision.data.published };
  for (const field of family.fields) {
    if (field.kind !== 'image') fields[field.name] = revision.data[field.name];
  }
  if (family.image) {
    fields[ALT_FIELD] = revision.data[ALT_FIELD];
    const picture = revision.data.image;
    if (typeof picture === 'string' && (await pictureStored(family, deps, picture))) {
      Object.assign(fields, {
        image: picture,
        imageWidth: revision.data.imageWidth,
        imageHeight: revision.data.imageHeight,
      });
    }
  }
  // The version's slug is checked as a new one would be (the current one joins the history), and its
  // references must still have items behind them.
  const settled = await withRelations(family, deps, fields, current);
  await checkPublishable(family, deps, settled, current);
  const item = await writeUpdate(
    family,
    deps,
    id,
    { given: fields, current, settled, extra: {} },
    undefined,
    [],
    {
      editor: editorOf(actor),
    },
  );
  if (!item) return notFound();
  await auditAction(input, actor, {
    action: 'restore',
    family: family.key,
    item,
    detail: { source: 'history' },
  });
  return ok(present(family, item), { message: API.revisionRestored });
}

async function pictureStored(family: ContentFamily, deps: Deps, storedValue: string): Promise<boolean> {
  const folder = family.image?.folder;
  if (!folder) return false;
  // External pictures (a full URL) are not ours to lose.
  const hash = ownImageHash(folder, storedValue);
  if (!hash) return true;
  const fileName = storedValue.split('/').pop() ?? '';
  return parseImageFileName(fileName) !== null && (await deps.images.read(folder, fileName)) !== null;
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
 * no item of any family in that folder, live or in the trash, still holds it. A failure leaves an orphan,
 * never a failed request.
 */
export async function discardImage(
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

/** Every item, live or in the trash, of the families whose pictures share this family's folder. */
async function itemsSharingFolder(family: ContentFamily, deps: Deps): Promise<StoredItem[]> {
  const folder = family.image?.folder;
  const sharing = Object.values(contentFamilies).filter((other) => folder && other.image?.folder === folder);
  const keys = new Set<string>(sharing.map((other) => other.key));
  const [live, trash] = await Promise.all([
    Promise.all(sharing.map((other) => deps.repository.list(other.key))),
    deps.repository.listTrash(),
  ]);
  return [...live.flat(), ...trash.filter((entry) => keys.has(entry.collection)).map((entry) => entry.item)];
}

/**
 * Creates an item from fields already validated against the family's input schema, as `POST` does for a family
 * without pictures: certificates issued from a batch's roster or imported from a CSV (issue 23).
 */
export const createFromFields = (
  family: ContentFamily,
  input: StaffInput,
  given: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  flags: Pick<CreateOptions, 'audit' | 'publish' | 'hooks'> = {},
): Promise<StoredItem> => createItem(family, input, given, { ...flags, extra });
