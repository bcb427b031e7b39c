/**
 * A request family's CSV, streamed a store page at a time: a large export never sits in the function's memory
 * or in one buffered answer (Netlify's limit for those is 6 MB; a streamed answer may reach 20 MB).
 *
 * The header depends on every exported row (an optional column such as Source appears once some row has it;
 * the enrolment money columns once some row has a batch, a fee or a payment), so a first pass reads pages until
 * it knows, usually the first page. The pages it read are kept (up to KEPT_ROWS) and written first, so when the
 * facts are known early nothing is read twice; otherwise the second pass starts over.
 */
import type { RequestCsvColumn, RequestFamily } from '../../lib/collections.ts';
import { WAITLISTED } from '../../lib/batches.ts';
import { balanceOf } from '../../lib/fees.ts';
import { REQUEST_LIST_MAX_LIMIT } from '../../lib/constants.ts';
import { CSV_HEADERS } from '../../lib/staff-messages.ts';
import { csvResponse, istReadable, type CsvColumn } from '../csv.ts';
import type { Deps } from '../deps.ts';
import { columnText } from '../enquiries/columns.ts';
import { allRequests, findRequests, requestPages, type RequestFilter } from '../enquiries/find.ts';
import { enrolmentMoneyColumns, hasMoney, nameBatches } from '../fees/enrolment-columns.ts';
import type { StoredItem } from '../repository/port.ts';
import { withBatches } from './enroll-batch.ts';

/** Rows of the first pass kept for the second; beyond this the second pass reads from the start again. */
const KEPT_ROWS = 10 * REQUEST_LIST_MAX_LIMIT;

/** The CSV of what the list shows: the same filters apply, every matching request (not one page). */
export async function requestsCsv(
  deps: Deps,
  family: RequestFamily,
  filter: RequestFilter,
): Promise<Response> {
  if (filter.batch) return rosterCsv(deps, family, filter);
  const { optional, money, kept } = await headerFacts(deps, family, filter);
  const columns = family.csvColumns
    .filter((column) => !column.whenPresent || optional.has(column.field))
    .map(csvColumn);
  const batchNames = new Map<string, string>();
  const pages = async function* () {
    for await (const page of kept
      ? replayThenRest(deps, family, filter, kept)
      : requestPages(deps.repository, family, filter)) {
      if (money) await nameBatches(deps, page, batchNames);
      yield page;
    }
  };
  return csvResponse(
    family.key,
    [...columns, ...(money ? enrolmentMoneyColumns(batchNames) : [])],
    pages(),
    deps.now(),
  );
}

interface Kept {
  pages: StoredItem[][];
  /** Where the first pass stopped (null: it read every page). */
  cursor: string | null;
}

/** What the header needs from the rows, reading pages only until it is known. */
async function headerFacts(deps: Deps, family: RequestFamily, filter: RequestFilter) {
  const unknown = new Set(
    family.csvColumns.filter((column) => column.whenPresent).map((column) => column.field),
  );
  const optional = new Set<string>();
  let money = false;
  const moneyMatters = family.key === 'enroll';
  const pages: StoredItem[][] = [];
  let keptRows = 0;
  let keeping = true;
  let cursor: string | null = null;
  do {
    const page = await findRequests(deps.repository, family, filter, {
      limit: REQUEST_LIST_MAX_LIMIT,
      cursor,
    });
    cursor = page.nextCursor;
    for (const field of unknown)
      if (page.items.some((row) => row[field] !== undefined)) {
        unknown.delete(field);
        optional.add(field);
      }
    money ||= moneyMatters && page.items.some(hasMoney);
    keptRows += page.items.length;
    keeping &&= keptRows <= KEPT_ROWS;
    if (keeping) pages.push(page.items);
    if (unknown.size === 0 && (money || !moneyMatters)) break;
  } while (cursor);
  return { optional, money, kept: keeping ? { pages, cursor } : null };
}

/** The first pass's pages, then the pages after where it stopped. */
async function* replayThenRest(deps: Deps, family: RequestFamily, filter: RequestFilter, kept: Kept) {
  yield* kept.pages;
  let cursor = kept.cursor;
  while (cursor) {
    const page = await findRequests(deps.repository, family, filter, {
      limit: REQUEST_LIST_MAX_LIMIT,
      cursor,
    });
    yield page.items;
    cursor = page.nextCursor;
  }
}

/**
 * A batch's roster: the spec's columns, then the batch and each student's seat or waitlist place, enrolled
 * first, then the waitlist in its order, then the rest oldest first. One batch's enrolments, sorted in memory.
 */
async function rosterCsv(deps: Deps, family: RequestFamily, filter: RequestFilter): Promise<Response> {
  const rows = await allRequests(deps.repository, family, filter);
  const columns = family.csvColumns
    .filter((column) => !column.whenPresent || rows.some((row) => row[column.field] !== undefined))
    .map(csvColumn);
  const roster = (await withBatches(deps, rows)).toSorted(
    (a, b) => rosterRank(a) - rosterRank(b) || (a._id < b._id ? -1 : 1),
  );
  return csvResponse(family.key, [...columns, ...ROSTER_COLUMNS], roster, deps.now());
}

const rosterRank = (row: Record<string, unknown>) =>
  row.status === 'enrolled' ? 0 : row.status === WAITLISTED ? 1 : 2;

/** Whether the student has paid in full, for the trainer's first day. */
function paidCell(row: Record<string, unknown>): string {
  const { fee, paid, settled } = balanceOf(row);
  if (fee === null && paid === 0) return '';
  return settled ? CSV_HEADERS.paidValues.yes : CSV_HEADERS.paidValues.no;
}

const ROSTER_COLUMNS: CsvColumn[] = [
  { header: CSV_HEADERS.batch, value: (row) => row.batchName ?? row.batch },
  { header: CSV_HEADERS.paid, value: paidCell },
  { header: CSV_HEADERS.waitlistPlace, value: (row) => row.waitlistPlace ?? '' },
];

function csvColumn(column: RequestCsvColumn): CsvColumn {
  if (column.format === 'time')
    return { header: column.header, value: (row) => istReadable(row[column.field]) };
  return { header: column.header, value: (row) => columnText(column, row) };
}
