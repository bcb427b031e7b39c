/**
 * The one results table: every benchmark contributes rows of the same shape, so `npm run bench` prints a single
 * Markdown table (and bench/RESULTS.md holds the same text).
 */
import type { Spread } from './stats.ts';

export interface Row {
  bench: string;
  subject: string;
  metric: string;
  /** A timed (repeated) figure, or a single value. */
  value: Spread | number | string;
  unit?: string;
  /** The docs/design.md (Quality) target in words, e.g. '≤ 80'. */
  target?: string;
  /** Whether the figure meets the target; undefined when there is none. */
  ok?: boolean;
}

export interface Section {
  rows: Row[];
  /** Extra paragraphs printed under the table (assumptions, failing audits, skipped parts). */
  notes: string[];
}

const trim = (value: number) => {
  if (Number.isInteger(value)) return String(value);
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 1 ? 1 : 3;
  return value.toFixed(digits);
};

const cell = (value: number | undefined) => (value === undefined ? '' : trim(value));

const escape = (text: string) => text.replace(/\|/g, '\\|');

export function renderTable(rows: readonly Row[]): string {
  const lines = [
    '| Benchmark | Subject | Metric | Min | Median / value | Max | Unit | Target | Met |',
    '|---|---|---|--:|--:|--:|---|---|:-:|',
  ];
  for (const row of rows) {
    const { value } = row;
    const [min, mid, max] =
      typeof value === 'object'
        ? [cell(value.min), cell(value.median), cell(value.max)]
        : ['', typeof value === 'number' ? trim(value) : value, ''];
    const met = row.ok === undefined ? '' : row.ok ? 'yes' : '**no**';
    lines.push(
      `| ${[row.bench, row.subject, row.metric, min, mid, max, row.unit ?? '', row.target ?? '', met]
        .map((part) => escape(String(part)))
        .join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** The figure a target is checked against: the median of a spread, the value otherwise. */
export const central = (value: Spread | number) => (typeof value === 'number' ? value : value.median);
