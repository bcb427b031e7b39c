/**
 * A content family's writes: create (the one way an item is made, also for certificates issued by other
 * handlers), update, delete to the trash and order. Each checks the definition's rules, settles slugs and
 * references, stores the picture, then purges or rebuilds and writes the audit entry.
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { API, FIELD_REASONS, VALIDATION } from '../../lib/api-messages.ts';
import { isRecord } from '../../lib/json.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { auditAction } from '../audit/audit-log.ts';
import { publishChange, purgeTag } from '../cdn/publish-change.ts';
import { makeSerial } from '../certificates/number.ts';
import type { Deps } from '../deps.ts';
import { bodyKind, formFields, readJson, readMultipart } from '../http/body.ts';
import { conflict, created, HttpError, notFound, ok } from '../http/respond.ts';
import type { StaffInput } from '../http/route-table.ts';
import { validate, validationFailure } from '../http/validate.ts';
import {
  editorOf,
  etagOf,
  expectedVersion,
  staleWrite,
  updateAsEditor,
  UPDATED_BY,
  type Editor,
} from '../http/versions.ts';
import { OrderConflictError, UniqueConflictError, versionOf, type StoredItem } from '../repository/port.ts';
import { discardImage, itemsSharingFolder, storeImage } from './content-images.ts';
import { isPublished, present } from './content-read.ts';
import { referrersOf, withRelations, writeClaiming } from './content-relations.ts';
import { settleSchedule, withoutCleared } from './content-schedule.ts';
import { createHooksOf } from './create-hooks.ts';
import { moveToTrash } from './move-to-trash.ts';
import { checkPublishable } from './publish-gate.ts';
import { z } from 'zod';

const IMAGE_FIELD = 'image';

const OrderSchema = z.strictObject({
  ids: z.array(z.string().max(128), { error: API.orderInvalid }).max(10_000, API.orderInvalid),
});

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
 * The definition's `stampOnPublish` (an article's first-published date): set to now by the first write
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

/** An update that only publishes or unpublishes: `{"published": true|false}` and nothing else. */
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

export async function create(family: ContentFamily, input: StaffInput) {
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
 * issued from a roster or imported from a CSV): the family's rules, serial and first-publication stamp,
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
        // Who saved each version, so the history says it from the first one.
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

export async function update(family: ContentFamily, input: StaffInput, id: string) {
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
export async function writeUpdate(
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
export async function remove(
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

export async function reorder(family: ContentFamily, input: StaffInput) {
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

/**
 * Creates an item from fields already validated against the family's input schema, as `POST` does for a family
 * without pictures: certificates issued from a batch's roster or imported from a CSV.
 */
export const createFromFields = (
  family: ContentFamily,
  input: StaffInput,
  given: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  flags: Pick<CreateOptions, 'audit' | 'publish' | 'hooks'> = {},
): Promise<StoredItem> => createItem(family, input, given, { ...flags, extra });
