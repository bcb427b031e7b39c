/**
 * The publish gate: a family's definition may list fields a published item must have
 * (`publishRequires`, src/families/define.ts). A draft may lack them; a save that leaves the item published
 * without one is refused with a 400 naming each missing field, and nothing is written. A requirement may name a
 * Site settings key whose value stands in for an empty field (a course's refund policy), read as the settings
 * the site shows now; a key the settings do not have is no stand-in.
 */
import { FIELD_REASONS } from '../../lib/api-messages.ts';
import type { ContentFamily } from '../../lib/collections.ts';
import { isPrivateIn, slugify, valueFields } from '../../lib/fields.ts';
import { PUBLISH_AT, timeOf } from '../../lib/schedule.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/respond.ts';
import { validationFailure } from '../http/validate.ts';
import type { StoredItem } from '../repository/port.ts';
import { currentSettings } from './settings-handler.ts';

/** Whether a stored value says something: not absent, blank text, an empty list or null. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}

/** The missing fields' messages of an item as it would be stored, by field; empty when it may be published. */
export async function publishRefusals(
  family: ContentFamily,
  deps: Pick<Deps, 'repository'>,
  item: Readonly<Record<string, unknown>>,
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (item.published === false || family.publishRequires.length === 0) return errors;
  let settings: Record<string, unknown> | null = null;
  for (const rule of family.publishRequires) {
    if (isFilled(item[rule.field])) continue;
    if (rule.setting) {
      settings ??= (await currentSettings(deps)) as unknown as Record<string, unknown>;
      if (isFilled(settings[rule.setting])) continue;
    }
    errors[rule.field] = rule.message;
  }
  return errors;
}

/** The shortest private text worth looking for in the public ones ("AB" would match too much). */
const PRIVATE_MIN_LENGTH = 3;

/**
 * A published item's public texts must not repeat what it keeps private (an anonymous client's name
 * typed into the title would reach the page, its address and the sitemap). One message per public field that does.
 */
export function privacyRefusals(
  family: Pick<ContentFamily, 'fields'>,
  item: Readonly<Record<string, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (item.published === false) return errors;
  const fields = valueFields(family.fields);
  const secrets = fields.flatMap((field) => {
    const value = item[field.name];
    return isPrivateIn(field, item) && typeof value === 'string' && value.trim().length >= PRIVATE_MIN_LENGTH
      ? [{ field, text: value.trim().toLowerCase(), slug: slugify(value, Number.MAX_SAFE_INTEGER) }]
      : [];
  });
  if (secrets.length === 0) return errors;
  for (const field of fields) {
    if (isPrivateIn(field, item)) continue;
    const value = item[field.name];
    const texts = (Array.isArray(value) ? (value as unknown[]) : [value]).filter(
      (part): part is string => typeof part === 'string',
    );
    // A slug holds the words as a slug would: "Co-operative Bank" is "co-operative-bank" there.
    const leak = secrets.find((secret) =>
      texts.some((text) =>
        field.kind === 'slug'
          ? secret.slug !== '' && text.includes(secret.slug)
          : text.toLowerCase().includes(secret.text),
      ),
    );
    if (leak) errors[field.name] = FIELD_REASONS.privateShown(field.label, leak.field.label);
  }
  return errors;
}

/** Throws the 400 when the item would be published without what its family requires. */
export async function checkPublishable(
  family: ContentFamily,
  deps: Pick<Deps, 'repository'>,
  fields: Record<string, unknown>,
  current: StoredItem | null,
): Promise<void> {
  // An update keeps what it does not send; a create is published unless it says otherwise. An item with a
  // publish time will be published by the scheduler, which checks nothing: it is checked now.
  const merged = { ...current, ...fields };
  const scheduled = timeOf(merged[PUBLISH_AT]) !== null;
  const item = { ...merged, published: scheduled || (fields.published ?? current?.published ?? true) };
  const errors = { ...(await publishRefusals(family, deps, item)), ...privacyRefusals(family, item) };
  if (Object.keys(errors).length > 0) throw new HttpError(validationFailure(errors));
}
