/**
 * Which sorted indexes an item is in, as the adapters keep them in the same write as the item: a request's
 * status, an enrolment's batch, and the waitlist of its batch while it waits there. An index holds ids, ordered by the ids themselves (time-ordered), so a page
 * of one status or one batch is read newest first without reading any other item, and its size is a count.
 * Lists of a family are per collection (each request family is its own), so no index by family is needed: the
 * collection's own order is that index.
 */
import { createHash } from 'node:crypto';
import { WAITLISTED } from '../../lib/batches.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { statusOf } from '../../lib/enquiries.ts';
import { paymentsOf, receiptYear, upiRefKey } from '../../lib/fees.ts';
import { isRequestFamilyKey } from '../../families/index.ts';
import type { CollectionName } from './port.ts';

/** One index an item is in: its `field` has this `value`. */
export interface IndexEntry {
  field: string;
  value: string;
}

export interface IndexRule {
  /** The fields a collection is indexed by (none: the collection has no index to keep). */
  fields(collection: CollectionName): readonly string[];
  /** The indexes the item is in. */
  entries(collection: CollectionName, item: Record<string, unknown>): IndexEntry[];
}

/**
 * The rule's version, kept with each collection once its indexes are built: a store written before indexes
 * existed (or under an older rule) has none or an older one, and gets its indexes built once on first use.
 */
export const INDEX_RULE_VERSION = 2;

/** The index of payments by UTR (normalised by `upiRefKey`): a UTR recorded once is found without a scan. */
export const UPI_REF_INDEX = 'upiRef';
/** The index of enrolments holding a receipt of a financial year: the year's receipts, read without the rest. */
export const RECEIPT_YEAR_INDEX = 'receiptYear';

/**
 * The index of requests by e-mail address (a person's privacy export and erasure find theirs without a scan). Its
 * value is a digest of the trimmed, lower-cased address, so no address is spelt out in an index's name.
 */
export const EMAIL_INDEX = 'emailDigest';
export const emailDigest = (email: string) =>
  createHash('sha256').update(email.trim().toLocaleLowerCase('en')).digest('base64url').slice(0, 22);

const REQUEST_INDEX_FIELDS = [
  'status',
  'batch',
  'waitlist',
  UPI_REF_INDEX,
  RECEIPT_YEAR_INDEX,
  EMAIL_INDEX,
] as const;
const CERTIFICATE_INDEX_FIELDS = ['batch'] as const;
const certificates = contentFamilies.certificate.key;

/**
 * Request families: by status (a missing one counts as new, as everywhere) and, for enrolments, by batch, by the
 * batch whose waitlist holds them (a waitlist place is read from that index alone, whatever the batch holds) and
 * by each payment's UTR and receipt year; every request by its e-mail's digest. Certificates: by batch (a batch's roster reads its own certificates).
 */
export const REGISTRY_INDEX_RULE: IndexRule = {
  fields: (collection) =>
    isRequestFamilyKey(collection)
      ? REQUEST_INDEX_FIELDS
      : collection === certificates
        ? CERTIFICATE_INDEX_FIELDS
        : [],
  entries(collection, item) {
    if (collection === certificates)
      return typeof item.batch === 'string' && item.batch !== ''
        ? [{ field: 'batch', value: item.batch }]
        : [];
    if (!isRequestFamilyKey(collection)) return [];
    const entries: IndexEntry[] = [{ field: 'status', value: statusOf(item) }];
    if (typeof item.email === 'string' && item.email.trim() !== '')
      entries.push({ field: EMAIL_INDEX, value: emailDigest(item.email) });
    const payments = paymentsOf(item);
    for (const upiRef of new Set(payments.map((entry) => upiRefKey(entry.upiRef))))
      entries.push({ field: UPI_REF_INDEX, value: upiRef });
    for (const year of new Set(payments.flatMap((entry) => receiptYear(entry.receipt) ?? [])))
      entries.push({ field: RECEIPT_YEAR_INDEX, value: year });
    if (typeof item.batch === 'string' && item.batch !== '') {
      entries.push({ field: 'batch', value: item.batch });
      if (statusOf(item) === WAITLISTED) entries.push({ field: 'waitlist', value: item.batch });
    }
    return entries;
  },
};

const entryId = (entry: IndexEntry) => `${entry.field}\u0000${entry.value}`;

/** Whether the item is (still) in the index `by`: a page checks what it read, so a stale entry is never shown. */
export const holdsEntry = (
  rule: IndexRule,
  collection: CollectionName,
  item: Record<string, unknown>,
  by: IndexEntry,
) => rule.entries(collection, item).some((entry) => entryId(entry) === entryId(by));

/**
 * What a write does to the indexes: the ones the new item is in that the replaced one was not (`added`), and the
 * ones the replaced one was in that the new one is not (`removed`). Null stands for no item (a create, a
 * removal).
 */
export function indexChanges(
  rule: IndexRule,
  collection: CollectionName,
  previous: Record<string, unknown> | null,
  item: Record<string, unknown> | null,
): { added: IndexEntry[]; removed: IndexEntry[] } {
  const before = previous ? rule.entries(collection, previous) : [];
  const after = item ? rule.entries(collection, item) : [];
  const had = new Set(before.map(entryId));
  const has = new Set(after.map(entryId));
  return {
    added: after.filter((entry) => !had.has(entryId(entry))),
    removed: before.filter((entry) => !has.has(entryId(entry))),
  };
}

/**
 * A collection's indexes built at most once per process: `ensure` reads the version they were built under (one
 * store read, then remembered) and builds them when it is not this rule's; `rebuild` builds them whatever it
 * finds. `build` records the version when it is done, so a build cut short is redone by the next first use.
 */
export function indexesBuiltOnce(
  builtVersion: (collection: CollectionName) => Promise<number | null>,
  build: (collection: CollectionName) => Promise<void>,
) {
  const ready = new Map<CollectionName, Promise<void>>();
  const remember = (collection: CollectionName, work: Promise<void>) => {
    ready.set(collection, work);
    work.catch(() => ready.delete(collection));
    return work;
  };
  return {
    ensure(collection: CollectionName): Promise<void> {
      return (
        ready.get(collection) ??
        remember(
          collection,
          (async () => {
            if ((await builtVersion(collection)) !== INDEX_RULE_VERSION) await build(collection);
          })(),
        )
      );
    },
    rebuild: (collection: CollectionName) => remember(collection, build(collection)),
  };
}

/** Items read per step of a rebuild. */
export const REBUILD_BATCH = 500;
