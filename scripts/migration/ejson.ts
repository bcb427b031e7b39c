/**
 * Reads a `mongoexport` file: line-delimited (the default), multi-line documents one after another (`--pretty`) or
 * one array (`--jsonArray`, with or without `--pretty`), in MongoDB Extended JSON
 * (canonical or relaxed: `{"$oid"}`, `{"$date"}`, `{"$numberInt"}`, `{"$numberLong"}` …). The Extended JSON
 * grammar is MongoDB's own `bson` package's (EJSON); this module only picks the layout and turns BSON values into
 * plain JSON values: an ObjectId becomes its hex string, a date its ISO string, a number type a number.
 */
import { EJSON, ObjectId } from 'bson';
import { isRecord } from '../../src/lib/json.ts';

/** A record as plain JSON: strings, numbers, booleans, null, arrays and objects only. */
export type PlainRecord = Record<string, unknown>;

export interface ParsedExport {
  records: PlainRecord[];
  /** Lines (or the whole file) that could not be read, with why; the rest is still read. */
  problems: { line: number; reason: string }[];
}

function toPlain(value: unknown): unknown {
  if (value instanceof ObjectId) return value.toHexString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') {
    // Long, Int32, Double and Decimal128 all have a numeric value; anything else BSON (binary, regex…) does not
    // belong in this site's records and is kept as its string form, so a check downstream can name it.
    const bsontype = (value as { _bsontype?: string })._bsontype;
    if (bsontype !== undefined) {
      const numeric = Number(String(value));
      return Number.isFinite(numeric) ? numeric : String(value);
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toPlain(inner)]));
  }
  return value;
}

const parseOne = (text: string): unknown => toPlain(EJSON.parse(text, { relaxed: true }));

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function parseExport(text: string): ParsedExport {
  const body = text.replace(/^\uFEFF/, '');
  const records: PlainRecord[] = [];
  const problems: ParsedExport['problems'] = [];
  const accept = (value: unknown, line: number) => {
    if (isRecord(value)) records.push(value);
    else problems.push({ line, reason: 'not a document' });
  };
  if (body.trimStart().startsWith('[')) {
    try {
      const parsed = parseOne(body);
      if (!Array.isArray(parsed)) throw new Error('not an array');
      parsed.forEach((value, index) => accept(value, index + 1));
    } catch (error) {
      problems.push({ line: 0, reason: `unreadable JSON array: ${describe(error)}` });
    }
    return { records, problems };
  }
  const lines = body.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  // One document per line unless the first line is not a whole document (`--pretty`).
  const documents = isWholeDocument(firstLine)
    ? lines.map((text, index) => ({ text, line: index + 1 })).filter(({ text }) => text.trim() !== '')
    : splitDocuments(body);
  for (const { text, line } of documents) {
    try {
      accept(parseOne(text), line);
    } catch (error) {
      problems.push({ line, reason: `unreadable JSON: ${describe(error)}` });
    }
  }
  return { records, problems };
}

function isWholeDocument(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * Splits top-level JSON documents written one after another over several lines each, by bracket depth outside
 * strings. A document left open at the end (a truncated file) is returned as it is, so parsing it reports it.
 */
function splitDocuments(text: string): { text: string; line: number }[] {
  const documents: { text: string; line: number }[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let line = 1;
  let startLine = 1;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      if (depth === 0) {
        start = index;
        startLine = line;
      }
      depth += 1;
    } else if ((char === '}' || char === ']') && depth > 0) {
      depth -= 1;
      if (depth === 0) documents.push({ text: text.slice(start, index + 1), line: startLine });
    } else if (depth === 0 && char !== undefined && !/\s/.test(char)) {
      // Stray text between documents: reported as one unreadable document up to the end of its line.
      const end = text.indexOf('\n', index);
      documents.push({ text: text.slice(index, end === -1 ? undefined : end), line });
      index = (end === -1 ? text.length : end) - 1;
    }
  }
  if (depth > 0) documents.push({ text: text.slice(start), line: startLine });
  return documents;
}
