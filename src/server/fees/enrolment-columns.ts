/**
 * The enrolment CSV's money columns: batch (by name), the enrolment's reference, its fee, what is paid and the
 * balance, the same facts the requests screen's card shows. They follow the spec's columns once some exported
 * request has a batch, a fee or a payment, so an export of plain enrolments keeps the spec's columns alone.
 * An export learns that in a first pass over the requests (request-csv.ts) and names batches page by page.
 */
import { balanceOf, paymentsOf } from '../../lib/fees.ts';
import { contentFamilies } from '../../lib/collections.ts';
import { formatPaise } from '../../lib/fields/money.ts';
import { CSV_HEADERS } from '../../lib/staff-messages.ts';
import type { CsvColumn } from '../csv.ts';
import type { Deps } from '../deps.ts';
import type { StoredItem } from '../repository/port.ts';

/** Whether an enrolment has a batch, a fee or a payment: what makes the money columns appear. */
export const hasMoney = (row: StoredItem) =>
  typeof row.batch === 'string' || balanceOf(row).fee !== null || paymentsOf(row).length > 0;

/** Adds to `names` the name of every batch these rows name that it lacks: one read per batch, once per export. */
export async function nameBatches(
  deps: Pick<Deps, 'repository'>,
  rows: readonly StoredItem[],
  names: Map<string, string>,
): Promise<void> {
  const ids = [
    ...new Set(
      rows.flatMap((row) => (typeof row.batch === 'string' && !names.has(row.batch) ? [row.batch] : [])),
    ),
  ];
  const found = await Promise.all(ids.map((id) => deps.repository.get(contentFamilies.batch.key, id)));
  for (const [index, id] of ids.entries()) names.set(id, String(found[index]?.name ?? id));
}

/** The money columns, each batch named from `names` (filled by `nameBatches` before its rows are written). */
export function enrolmentMoneyColumns(names: ReadonlyMap<string, string>): CsvColumn[] {
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
