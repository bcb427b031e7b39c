/**
 * The enrolment CSV's money columns: batch (by name), the enrolment's reference, its fee, what is paid and the
 * balance, the same facts the requests screen's card shows. They follow the spec's columns once some exported
 * request has a batch, a fee or a payment, so an export of plain enrolments keeps the spec's columns alone.
 */
import { balanceOf, paymentsOf } from '../../lib/fees.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { CSV_HEADERS } from '../../lib/staff-messages.ts';
import type { CsvColumn } from '../csv.ts';
import type { Deps } from '../deps.ts';
import type { StoredItem } from '../repository/port.ts';

const hasMoney = (row: StoredItem) =>
  typeof row.batch === 'string' || balanceOf(row).fee !== null || paymentsOf(row).length > 0;

/** The money columns for these rows (none when no row has money), naming each batch by one read per batch. */
export async function enrolmentMoneyColumns(
  deps: Pick<Deps, 'repository'>,
  rows: readonly StoredItem[],
): Promise<CsvColumn[]> {
  if (!rows.some(hasMoney)) return [];
  const ids = [...new Set(rows.flatMap((row) => (typeof row.batch === 'string' ? [row.batch] : [])))];
  const found = await Promise.all(ids.map((id) => deps.repository.get(contentFamilies.batch.key, id)));
  const names = new Map(ids.map((id, index) => [id, String(found[index]?.name ?? id)]));
  const money = (
    row: Record<string, unknown>,
    pick: (balance: ReturnType<typeof balanceOf>) => number | null,
  ) => {
    const balance = balanceOf(row);
    const value = balance.fee === null && balance.paid === 0 ? null : pick(balance);
    return value === null ? '' : formatPaise(value);
  };
  return [
    {
      header: CSV_HEADERS.batch,
      value: (row) => (typeof row.batch === 'string' ? names.get(row.batch) : ''),
    },
    { header: CSV_HEADERS.reference, value: (row) => row.reference ?? '' },
    { header: CSV_HEADERS.fee, value: (row) => money(row, (balance) => balance.fee) },
    { header: CSV_HEADERS.amountPaid, value: (row) => money(row, (balance) => balance.paid) },
    { header: CSV_HEADERS.balance, value: (row) => money(row, (balance) => balance.due) },
  ];
}
