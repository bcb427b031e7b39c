/**
 * An enrolment's financial record, which outlives the person's erasure and the retention purge: the receipts it
 * issued are tax records. When a paid enrolment would go, its tax record replaces it under the same id in the
 * enrolment collection (so lists, seats, backups, restores and the receipt download keep working), holding what
 * the tax rules ask for and nothing of the person's: course, batch, fee, each payment (receipt number, amount, day,
 * UPI reference), the enrolment's reference and status, and `taxRecord: {erasedAt, keepUntil}`. The retention
 * purge deletes it for good once `keepUntil` has passed.
 */
import { financialYear, paymentsOf } from '../../lib/fees.ts';
import { istDayToUtc, utcToIstDay } from '../../lib/ist.ts';
import { isRecord } from '../../lib/json.ts';
import { leaveTombstone } from '../enquiries/tombstones.ts';
import type { Repository, StoredItem, TrashEntry } from '../repository/port.ts';

/**
 * How long a payment's record is kept: 8 years after the end of the financial year it was paid in. The
 * Income-tax Act (s. 44AA, rule 6F: books and the documents behind them for six years from the end of the
 * relevant assessment year, the year after the financial year) and the CGST Act (s. 36: 72 months from the due
 * date of the year's annual return, 31 December after the year) both end about 7 years after the financial year;
 * a year more covers a reopened assessment's notice without a count of days.
 */
export const FINANCIAL_RECORD_YEARS = 8;

/** The enrolment's fields a tax record keeps (besides its id and times); the rest is the person's and goes. */
const FIELDS_KEPT = ['course', 'batch', 'fee', 'paid', 'payments', 'reference', 'status'] as const;

export interface TaxRecordMark {
  /** When the person's details were removed. */
  erasedAt: string;
  /** From when the record may be deleted (FINANCIAL_RECORD_YEARS after its last payment's financial year). */
  keepUntil: string;
}

/** Whether a request holds money that tax law keeps: any payment or refund recorded on it. */
export const holdsFinancialRecord = (item: StoredItem) => paymentsOf(item).length > 0;

/** Whether a request of `collection` leaves its tax record when it goes (an enrolment with money on it). */
export const keepsTaxRecord = (collection: string, item: StoredItem) =>
  collection === 'enroll' && holdsFinancialRecord(item) && !isRecord(item.taxRecord);

/** Whether the item is already a tax record (its person's details removed). */
export const taxRecordMark = (item: StoredItem): TaxRecordMark | null =>
  isRecord(item.taxRecord) ? (item.taxRecord as unknown as TaxRecordMark) : null;

/** IST midnight of 1 April, FINANCIAL_RECORD_YEARS after the financial year of the record's last payment ends. */
export function keepUntilOf(item: StoredItem): string {
  const days = paymentsOf(item).map((entry) => utcToIstDay(entry.paidOn));
  const last = days.toSorted().at(-1) ?? utcToIstDay(item.createdAt);
  const yearEnds = Number(financialYear(last).slice(0, 4)) + 1;
  return istDayToUtc(`${String(yearEnds + FINANCIAL_RECORD_YEARS)}-04-01`) ?? '';
}

/** The tax record of a request: what the tax rules require, the person's name, e-mail and phone emptied. */
export function taxRecordOf(item: StoredItem, at: string): StoredItem {
  const kept = Object.fromEntries(
    FIELDS_KEPT.filter((field) => item[field] !== undefined).map((field) => [field, item[field]]),
  );
  const mark: TaxRecordMark = { erasedAt: at, keepUntil: keepUntilOf(item) };
  return {
    _id: item._id,
    createdAt: item.createdAt,
    updatedAt: at,
    name: '',
    email: '',
    phone: '',
    ...kept,
    taxRecord: mark,
  } as StoredItem;
}

/**
 * Replaces a live request by its tax record: the request goes through the trash and out of it first (its history
 * holds the person's details and goes with it), then the record is written under its id. Answers whether the
 * request was there.
 */
export async function keepTaxRecord(
  repository: Repository,
  family: string,
  item: StoredItem,
  at: string,
): Promise<boolean> {
  await leaveTombstone(repository, item);
  const record = taxRecordOf(item, at);
  if (!(await repository.trash(family, item._id, at))) return false;
  await repository.purgeFromTrash(family, item._id);
  await repository.put(family, record);
  return true;
}

/** The same for a request in the trash: the entry goes for good, and its tax record is kept among the live ones. */
export async function keepTrashedTaxRecord(repository: Repository, entry: TrashEntry, at: string) {
  await leaveTombstone(repository, entry.item);
  const record = taxRecordOf(entry.item, at);
  if (!(await repository.purgeFromTrash(entry.collection, entry.item._id))) return false;
  await repository.put(entry.collection, record);
  return true;
}

/** What a person's export says erasure would keep of their paid enrolments. */
export const taxRecordsOf = (enrolments: readonly StoredItem[], at: string): StoredItem[] =>
  enrolments.filter(holdsFinancialRecord).map((item) => taxRecordOf(item, at));
