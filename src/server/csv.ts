/**
 * CSV for spreadsheet users (RFC 4180: CRLF rows, quoted fields, doubled quotes). Cells that a spreadsheet
 * would run as a formula get a leading apostrophe: a visitor's "message" must never execute on the admin's
 * machine (CSV injection). Only those cells: a phone number such as "+91 98765 43210" stays as typed, since
 * digits, spaces, brackets and hyphens can neither call a function nor reference a cell.
 * Timestamps are written in India Standard Time with their offset, as the company reads them. Every line break
 * is inside a quoted cell, so no text can start a row of its own.
 */
import { IST_OFFSET_MS } from '../lib/ist.ts';
import { BOM, csvCell } from '../lib/csv-cell.ts';

export { csvCell };

/** Stored times (ISO 8601, UTC) that are written in IST. */
const TIME_FIELDS = new Set(['createdAt', 'updatedAt']);

/** "2025-03-14T15:35:00.000Z" → "2025-03-14T21:05:00+05:30"; anything that is not a time is left as it is. */
export function istTimestamp(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  const shifted = new Date(time + IST_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 19)}+05:30`;
}

/**
 * "2025-03-14T15:35:00.000Z" → "2025-03-14 21:05": what a person reads, and what a spreadsheet takes for a date
 * and time (the column's header says the zone). Anything that is not a time is left as it is.
 */
export function istReadable(value: unknown): unknown {
  const stamped = istTimestamp(value);
  return typeof stamped === 'string' && stamped !== value ? stamped.slice(0, 16).replace('T', ' ') : stamped;
}

/** A column named for people, its cell worked out from the row (a field, a label, a formatted time). */
export interface CsvColumn {
  header: string;
  value: (row: Record<string, unknown>) => unknown;
}

/** Columns are a field name (header and cell as stored, times in IST) or a CsvColumn. */
function resolveColumns(columns: readonly (string | CsvColumn)[]): CsvColumn[] {
  return columns.map((column) =>
    typeof column === 'string'
      ? {
          header: column,
          value: (row) => (TIME_FIELDS.has(column) ? istTimestamp(row[column]) : row[column]),
        }
      : column,
  );
}

const csvLine = (columns: readonly CsvColumn[], row: Record<string, unknown>) =>
  columns.map((column) => csvCell(column.value(row))).join(',');

const headerLine = (columns: readonly CsvColumn[]) =>
  columns.map((column) => csvCell(column.header)).join(',');

export function toCsv(
  columns: readonly (string | CsvColumn)[],
  rows: readonly Record<string, unknown>[],
): string {
  const resolved = resolveColumns(columns);
  const lines = [headerLine(resolved), ...rows.map((row) => csvLine(resolved, row))];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Rows arriving a page at a time (a store's pages), or all at once. */
export type CsvRows = readonly Record<string, unknown>[] | AsyncIterable<readonly Record<string, unknown>[]>;

/**
 * The same bytes as `toCsv`, encoded a page at a time as the reader pulls them: the response never holds the
 * whole file, so it leaves the function as a stream (Netlify streams up to 20 MB; a buffered answer stops at 6 MB)
 * and the next page is read only once the previous one has been taken.
 */
export function csvStream(
  columns: readonly (string | CsvColumn)[],
  rows: CsvRows,
): ReadableStream<Uint8Array> {
  const resolved = resolveColumns(columns);
  const encoder = new TextEncoder();
  const pages = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : null;
  let head: string | null = `${BOM}${headerLine(resolved)}\r\n`;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (head !== null) {
        const text = pages ? head : head + linesOf(resolved, rows as readonly Record<string, unknown>[]);
        head = null;
        controller.enqueue(encoder.encode(text));
        if (!pages) controller.close();
        return;
      }
      // A pull that enqueues nothing is not called again: skip empty pages here.
      for (;;) {
        const next = await pages?.next();
        if (!next || next.done) return controller.close();
        if (next.value.length === 0) continue;
        controller.enqueue(encoder.encode(linesOf(resolved, next.value)));
        return;
      }
    },
    async cancel() {
      // The reader went away: stop reading pages from the store.
      await pages?.return?.();
    },
  });
}

const linesOf = (columns: readonly CsvColumn[], rows: readonly Record<string, unknown>[]) =>
  rows.map((row) => `${csvLine(columns, row)}\r\n`).join('');

/** A CSV download named after the family and the day, never cached (it may hold personal data), streamed. */
export function csvResponse(
  name: string,
  fields: readonly (string | CsvColumn)[],
  rows: CsvRows,
  now: Date,
): Response {
  return new Response(csvStream(fields, rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}-${now.toISOString().slice(0, 10)}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
