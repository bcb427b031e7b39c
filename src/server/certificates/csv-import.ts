/**
 * Old certificates from a CSV file (certificates issued before the site kept them): every row checked against the family's own input schema plus
 * the import's rules (a number is required and kept, unique in the file and in the store, a catalogue course by
 * its title), with each error named by row and column; a dry run stops there. An import's checked rows are
 * staged and committed in chunks (staged-import.ts).
 */
import { API, FIELD_REASONS } from '../../lib/api-messages.ts';
import { contentFamilies } from '../../lib/collections.ts';
import type { Deps } from '../deps.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { mapPool } from '../migration/pool.ts';
import { CERTIFICATE, numberIssued } from './lookup.ts';
import { normaliseNumber } from './number.ts';

export const IMPORT_MAX_ROWS = 2000;
export const IMPORT_MAX_BYTES = 1024 * 1024;
/** Numbers looked up at once in the store's register of issued numbers. */
const LOOKUP_CONCURRENCY = 16;
export const IMPORT_COLUMNS = [
  'number',
  'holderName',
  'holderEmail',
  'course',
  'courseName',
  'issuedOn',
  'validUntil',
  'grade',
] as const;
const REQUIRED = ['number', 'holderName', 'issuedOn'] as const;

export interface RowError {
  /** The row's line in the file, as a spreadsheet numbers it (the header is row 1). */
  row: number;
  field: string;
  message: string;
}

export class CsvSyntaxError extends Error {
  readonly line: number;
  constructor(line: number) {
    super(`CSV syntax error near line ${line}`);
    this.line = line;
  }
}

/** RFC 4180: commas, double-quoted fields with "" for a quote, CRLF or LF; a leading BOM (Excel's) dropped. */
export function parseCsv(source: string): string[][] {
  const text = source.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      line++;
    } else field += char;
  }
  if (quoted) throw new CsvSyntaxError(line);
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  // Blank lines (a trailing newline, a spreadsheet's empty rows) are no certificates.
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

export type ImportCheck =
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; rowErrors: RowError[]; rows: number }
  | { kind: 'ready'; rows: { row: number; fields: Record<string, unknown> }[] };

/** Checks the whole file; writes nothing. */
export async function checkImport(deps: Deps, source: string): Promise<ImportCheck> {
  let table: string[][];
  try {
    table = parseCsv(source);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      return { kind: 'refused', message: API.certificateImportBadCsv(error.line) };
    throw error;
  }
  const [header = [], ...data] = table;
  const names = header.map((name) => name.trim());
  const known = new Set<string>(IMPORT_COLUMNS);
  const unknown = names.filter((name) => !known.has(name));
  const missing = REQUIRED.filter((name) => !names.includes(name));
  if (!names.includes('course') && !names.includes('courseName')) missing.push('courseName' as never);
  if (unknown.length > 0 || missing.length > 0)
    return { kind: 'refused', message: API.certificateImportColumns(missing.join(', '), unknown.join(', ')) };
  if (data.length === 0) return { kind: 'refused', message: API.certificateImportEmpty };
  if (data.length > IMPORT_MAX_ROWS)
    return { kind: 'refused', message: API.certificateImportTooMany(IMPORT_MAX_ROWS) };

  const family = contentFamilies.certificate;
  const [stored, courses] = await Promise.all([
    deps.repository.list(CERTIFICATE),
    deps.repository.list('course'),
  ]);
  const taken = new Set(stored.map((item) => normaliseNumber(String(item.number ?? ''))));
  const courseByTitle = new Map(
    courses.map((course) => [
      String(course.title ?? '')
        .trim()
        .toLocaleLowerCase('en'),
      course._id,
    ]),
  );
  const firstRowOf = new Map<string, number>();
  const rowErrors: RowError[] = [];
  const ready: { row: number; fields: Record<string, unknown> }[] = [];
  data.forEach((cells, index) => {
    const row = index + 2;
    const raw: Record<string, string> = {};
    names.forEach((name, column) => {
      const value = (cells[column] ?? '').trim();
      if (value !== '') raw[name] = value;
    });
    const errors: Record<string, string> = {};
    const { course: courseTitle, ...given } = raw;
    const fields: Record<string, unknown> = { ...given };
    if (courseTitle) {
      const id = courseByTitle.get(courseTitle.toLocaleLowerCase('en'));
      if (id) fields.course = id;
      else errors.course = API.certificateImportCourseUnknown(courseTitle);
    }
    const parsed = family.inputSchema.safeParse(fields);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
    for (const rule of family.requireOneOf)
      if (rule.fields.every((name) => !fields[name]) && !errors.course)
        errors[rule.fields[0] ?? ''] = rule.message;
    const number = normaliseNumber(raw.number ?? '');
    if (!raw.number) errors.number = API.certificateImportNumberRequired;
    else if (!errors.number) {
      const earlier = firstRowOf.get(number);
      if (earlier !== undefined) errors.number = API.certificateImportNumberTwice(earlier);
      else if (taken.has(number)) errors.number = FIELD_REASONS.serialTaken(raw.number);
      else firstRowOf.set(number, row);
    }
    for (const [field, message] of Object.entries(errors)) rowErrors.push({ row, field, message });
    if (Object.keys(errors).length === 0 && parsed.success)
      ready.push({ row, fields: parsed.data as Record<string, unknown> });
  });
  // A number whose certificate was deleted is never issued again: its claim outlives the certificate.
  const retired = await mapPool(ready, LOOKUP_CONCURRENCY, ({ fields }) =>
    numberIssued(deps, String(fields.number ?? '')),
  );
  ready.forEach(({ row, fields }, index) => {
    if (retired[index])
      rowErrors.push({ row, field: 'number', message: FIELD_REASONS.serialRetired(String(fields.number)) });
  });
  if (rowErrors.length > 0)
    return { kind: 'invalid', rowErrors, rows: new Set(rowErrors.map((error) => error.row)).size };
  return { kind: 'ready', rows: ready };
}
