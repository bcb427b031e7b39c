/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: a cell that a spreadsheet would run as a formula gets a
 * leading apostrophe (CSV injection), but a phone number such as "+91 98765 43210" stays as typed. Shared by the
 * server's exports (server/csv.ts) and the admin's CSV downloads of what a screen shows; plain, no server code.
 */
import { withoutBidiControls } from './single-line.ts';

/** Always a formula (or a cell a spreadsheet splits into one): =, @, tab, carriage return. */
const FORMULA_START = /^[=@\t\r]/;
/** + and - start a formula too, unless the rest is a phone number (the API's phone rule, with its leading +). */
const SIGN_START = /^[+-]/;
const PHONE = /^\+[0-9][0-9 ()-]{5,}$/;
/** A byte-order mark, so Excel opens UTF-8 names (Devanagari, accents) correctly. */
export const BOM = '\uFEFF';

/** Line breaks that RFC 4180 does not name but line-splitting readers honour: written as LF, inside quotes. */
const OTHER_LINE_BREAKS = /[\v\f\u0085\u2028\u2029]/g;

export function csvCell(value: unknown): string {
  // A bidi control would reorder the cells a spreadsheet shows around it; it never carries meaning here.
  let text = withoutBidiControls(value === undefined || value === null ? '' : String(value)).replace(
    OTHER_LINE_BREAKS,
    '\n',
  );
  if (FORMULA_START.test(text) || (SIGN_START.test(text) && !PHONE.test(text))) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as one CSV text (CRLF rows, a BOM first). */
export const csvText = (rows: readonly (readonly unknown[])[]) =>
  `${BOM}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
