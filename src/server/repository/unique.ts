/**
 * Which values an item holds that no other item of its collection may hold at once, as the adapters claim them
 * atomically with each write: the unique fields of UNIQUE_FIELDS, and every slug field's current and earlier
 * slugs (an earlier slug stays the item's, so its old address keeps redirecting to it). A trash move frees them
 * and a trash restore claims them again; a delete frees them for good. A serial number (a certificate's) is
 * claimed as look-ups fold it, and for good: never freed, so a number is never issued twice, even after a delete,
 * and its claim says which certificate it was (`Repository.claimHolder`).
 */
import { fieldsOfKind, slugsHeld, type Field } from '../../lib/fields.ts';
import { definitionsOfKind } from '../../families/index.ts';
import { normaliseNumber } from '../certificates/number.ts';
import { normaliseUnique } from './keys.ts';
import { uniqueFieldRule, type UniqueClaim, type UniqueRule } from './policy.ts';
import type { CollectionName } from './port.ts';

/**
 * A serial number's claim: the number as look-ups read it, Crockford's look-alikes folded (number.ts), so two
 * numbers a reader cannot tell apart are one number.
 */
const foldedSerial = (value: string) => normaliseUnique(normaliseNumber(value));

/** The rule for these families (and UNIQUE_FIELDS): a fixture registry gets its own, the API the registry's. */
export function uniqueRuleOf(
  families: readonly {
    key: string;
    fields: readonly Field[];
    serial?: { field: string } | null | undefined;
  }[],
): UniqueRule {
  const slugFields = new Map(
    families.map((family) => [family.key as CollectionName, fieldsOfKind(family.fields, 'slug')]),
  );
  const serialFields = new Map(
    families.map((family) => [family.key as CollectionName, family.serial?.field]),
  );
  return (collection, item) => {
    const serial = serialFields.get(collection);
    const claims: UniqueClaim[] = uniqueFieldRule(collection, item).map((claim) =>
      claim.field === serial ? { ...claim, value: foldedSerial(claim.value), permanent: true } : claim,
    );
    for (const field of slugFields.get(collection) ?? [])
      for (const slug of slugsHeld(field, item)) {
        const value = normaliseUnique(slug);
        if (value !== '') claims.push({ field: field.name, value });
      }
    return claims;
  };
}

/** The rule of the registry's content families: what the deployed adapters use unless told otherwise. */
export const REGISTRY_UNIQUE_RULE: UniqueRule = uniqueRuleOf(definitionsOfKind('content'));

/** The claim a serial number makes (or would make) in a collection whose serial field is `field`. */
export const serialClaim = (field: string, number: string): UniqueClaim => ({
  field,
  value: foldedSerial(number),
  permanent: true,
});
