/**
 * CSV for spreadsheet users (RFC 4180: CRLF rows, quoted fields, doubled quotes). Cells that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR) get a leading apostrophe: a visitor's "message" must never
 * execute on the admin's machine (CSV injection).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
/** A byte-order mark, so Excel opens UTF-8 names (Devanagari, accents) correctly. */
const BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(fields: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [
    fields.map(csvCell).join(','),
    ...rows.map((row) => fields.map((field) => csvCell(row[field])).join(',')),
  ];
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
