/**
 * The content rules that look beyond the item written, for the field kinds that need them (src/lib/fields/):
 * a slug is derived when left empty and unique within its family, counting every item's earlier slugs (kept so
 * old addresses redirect); a reference must name an item that exists; and an item that others refer to may not
 * be deleted. Walked from the registry the API is built with, so a fixture family is covered like a real one.
 * The slug checks read before the write, for the answer's wording (which item holds the slug) and to derive a
 * free one; the store then claims the slugs atomically with the write (repository/unique.ts), and `writeClaiming`
 * turns a save that lost that race into the very answer it would have had after the winner.
 */
import type { ContentFamily } from '../../lib/collections.ts';
import { FIELD_REASONS } from '../../lib/api-messages.ts';
import { fieldsOfKind, slugHistoryKey, slugify, slugsHeld, type SlugField } from '../../lib/fields.ts';
import { referencesAt, referenceSites } from '../../lib/reference-sites.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import { UniqueConflictError, type StoredItem } from '../repository/port.ts';

/** A derived slug when the title has no Latin letters or digits left ("परीक्षा"). */
const FALLBACK_SLUG = 'item';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const nameOf = (family: ContentFamily, item: StoredItem) => text(item[family.titleField]) || item._id;

/** Whether a family has a rule that looks beyond the item (a slug or a reference): only those need the reads. */
export const hasRelations = (family: ContentFamily): boolean =>
  fieldsOfKind(family.fields, 'slug').length > 0 || referenceSites(family.fields).length > 0;

/** Whether every id exists in its family. */
const allExist = async (deps: Deps, to: string, ids: readonly string[]) =>
  (await Promise.all(ids.map((id) => deps.repository.get(to, id)))).every((item) => item !== null);

/** The first of `base`, `base-2`, `base-3` … that no other item holds, within the field's length. */
function freeSlug(field: SlugField, base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, field.max - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function slugRule(
  family: ContentFamily,
  field: SlugField,
  deps: Deps,
  fields: Record<string, unknown>,
  current: StoredItem | null,
  errors: Record<string, string>,
): Promise<Record<string, unknown>> {
  const given = fields[field.name];
  // An update that does not send the slug keeps it; an emptied one is derived again.
  if (current && given === undefined) return {};
  const others = (await deps.repository.list(family.key)).filter((item) => item._id !== current?._id);
  const typed = text(given);
  let slug: string;
  if (typed === '') {
    const source = text(fields[field.from] ?? current?.[field.from]);
    const taken = new Set(others.flatMap((item) => slugsHeld(field, item)));
    slug = freeSlug(field, slugify(source, field.max) || FALLBACK_SLUG, taken);
  } else {
    const holder = others.find((item) => slugsHeld(field, item).includes(typed));
    if (holder) errors[field.name] = FIELD_REASONS.slugTaken(field.label, typed, nameOf(family, holder));
    slug = typed;
  }
  const previous = current ? text(current[field.name]) : '';
  const history = current ? slugsHeld(field, current).filter((old) => old !== slug) : [];
  return {
    [field.name]: slug,
    ...(previous !== '' && previous !== slug ? { [slugHistoryKey(field)]: [...new Set(history)] } : {}),
  };
}

/**
 * The fields of a create, an update or a restored version with their slugs settled, or a 400 naming each field
 * whose slug is taken or whose reference has no item behind it; nothing is written on a refusal.
 */
export async function withRelations(
  family: ContentFamily,
  deps: Deps,
  fields: Record<string, unknown>,
  current: StoredItem | null,
): Promise<Record<string, unknown>> {
  const errors: Record<string, string> = {};
  const settled: Record<string, unknown> = { ...fields };
  for (const field of fieldsOfKind(family.fields, 'slug'))
    Object.assign(settled, await slugRule(family, field, deps, fields, current, errors));
  for (const site of referenceSites(family.fields))
    for (const { entry, ids } of referencesAt(site, fields)) {
      const key = site.group?.name ?? site.field.name;
      if (errors[key] || (await allExist(deps, site.field.to, ids))) continue;
      const reason = FIELD_REASONS.referenceMissing(site.field.label);
      // Inside a group the entry is named as the group's own checks name it ("Module 2: …").
      errors[key] = site.group ? FIELD_REASONS.groupEntry(site.group.noun, entry, reason) : reason;
    }
  if (Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
  return settled;
}

/** Tries at a save whose slug another save claimed meanwhile (each settles the slug again). */
const CLAIM_ATTEMPTS = 4;
/** On Blobs the winner claims before it writes its item: a moment later the item is there to be named. */
const CLAIM_RETRY_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The 400 of a typed slug another item holds, naming it as `slugRule` would. */
async function slugTakenFailure(
  family: ContentFamily,
  field: SlugField,
  deps: Deps,
  error: UniqueConflictError,
): Promise<HttpError> {
  let holder: StoredItem | null = null;
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS && holder === null && error.holder; attempt++) {
    if (attempt > 0) await sleep(CLAIM_RETRY_MS * attempt);
    holder = await deps.repository.get(family.key, error.holder);
  }
  const name = holder ? nameOf(family, holder) : (error.holder ?? '');
  const reason = FIELD_REASONS.slugTaken(field.label, error.value, name);
  return new HttpError(validationFailure({ [field.name]: reason }));
}

/**
 * Writes fields settled by `withRelations` from `given` (over `current`, null for a create). When the store
 * refuses a slug that another save claimed after they were settled, a derived slug is settled again (it moves
 * on to the next free one) and written again; a typed one is refused as taken, naming the item that won: the
 * answers the losing save would have had had it come second.
 */
export async function writeClaiming<T>(
  family: ContentFamily,
  deps: Deps,
  given: Record<string, unknown>,
  current: StoredItem | null,
  settled: Record<string, unknown>,
  write: (fields: Record<string, unknown>) => Promise<T>,
): Promise<T> {
  let fields = settled;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(fields);
    } catch (error) {
      const field = fieldsOfKind(family.fields, 'slug').find(
        (candidate) => error instanceof UniqueConflictError && error.field === candidate.name,
      );
      if (!field || !(error instanceof UniqueConflictError)) throw error;
      const derived = text(given[field.name]) === '' && text(fields[field.name]) === error.value;
      if (!derived || attempt >= CLAIM_ATTEMPTS) throw await slugTakenFailure(family, field, deps, error);
      await sleep(CLAIM_RETRY_MS * attempt);
      fields = await withRelations(family, deps, given, current);
    }
  }
}

/** The names of the items, of any family of the registry, that refer to this one. */
export async function referrersOf(
  families: readonly ContentFamily[],
  family: ContentFamily,
  id: string,
  deps: Deps,
): Promise<string[]> {
  const names: string[] = [];
  for (const other of families) {
    const sites = referenceSites(other.fields).filter((site) => site.field.to === family.key);
    if (sites.length === 0) continue;
    for (const item of await deps.repository.list(other.key)) {
      if (other.key === family.key && item._id === id) continue;
      const refers = sites.some((site) => referencesAt(site, item).some(({ ids }) => ids.includes(id)));
      if (refers) names.push(nameOf(other, item));
    }
  }
  return names;
}

/**
 * Why an item in the trash cannot come back, or null: another item took one of its slugs meanwhile, or an item
 * it refers to is gone. A restore puts the item back as it was, so these are checked rather than mended.
 */
export async function restoreRefusal(
  family: ContentFamily,
  deps: Deps,
  item: StoredItem,
): Promise<string | null> {
  for (const field of fieldsOfKind(family.fields, 'slug')) {
    const own = slugsHeld(field, item);
    const others = (await deps.repository.list(family.key)).filter((other) => other._id !== item._id);
    for (const other of others) {
      const clash = slugsHeld(field, other).find((slug) => own.includes(slug));
      if (clash) return FIELD_REASONS.restoreSlugTaken(field.label, clash, nameOf(family, other));
    }
  }
  for (const site of referenceSites(family.fields)) {
    const ids = referencesAt(site, item).flatMap((held) => held.ids);
    if (!(await allExist(deps, site.field.to, ids)))
      return FIELD_REASONS.restoreReferenceMissing(site.field.label);
  }
  return null;
}
