/**
 * A request's stored field as staff read it, by its CSV column's format: the CSV and the notification of a
 * request family beyond the spec's two (the assessment) both write its fields this way. The notification asks for
 * the column's labels (`labelled`): a person reads "Web apps: 2; CERT-In", where the CSV keeps "webApps", "cert-in".
 */
import type { RequestCsvColumn } from '../../lib/collections.ts';
import { sourceKey, statusOf } from '../../lib/enquiries.ts';
import { formatIst, showIstDay } from '../../lib/ist.ts';
import { isRecord } from '../../lib/json.ts';
import { singleLine, withoutBidiControls } from '../../lib/single-line.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';

export function columnText(
  column: RequestCsvColumn,
  row: Record<string, unknown>,
  options: { labelled?: boolean } = {},
): unknown {
  const text = formatted(column, row, options);
  if (typeof text !== 'string') return text;
  // A visitor's line breaks stay where a column is text of several lines; elsewhere they cannot start a line.
  return column.multiline ? withoutBidiControls(text) : singleLine(text);
}

function formatted(
  { field, format, labels }: RequestCsvColumn,
  row: Record<string, unknown>,
  { labelled = false }: { labelled?: boolean },
): unknown {
  const value = row[field];
  const word = (stored: unknown) =>
    labelled && typeof stored === 'string' && labels && Object.hasOwn(labels, stored)
      ? labels[stored]
      : stored;
  switch (format) {
    case 'time':
      return typeof value === 'string' ? formatIst(value) : '';
    case 'day':
      return showIstDay(value);
    case 'status':
      return ENQUIRY.statusLabels[statusOf(row)] ?? statusOf(row);
    case 'source':
      return value ? sourceKey(row) : '';
    case 'list':
      return Array.isArray(value) ? value.map(word).join('; ') : '';
    case 'counts':
      return Object.entries(isRecord(value) ? value : {})
        .filter(([, count]) => typeof count === 'number' && count > 0)
        .map(([key, count]) => `${String(word(key))}: ${String(count)}`)
        .join('; ');
    default:
      return word(value);
  }
}
