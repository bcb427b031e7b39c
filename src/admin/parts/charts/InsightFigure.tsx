/**
 * One figure of the Insights screen, readable three ways: an inline SVG bar chart (role img, named by its
 * `<title>` and described by its `<desc>`), the same numbers as a table, and the table as a CSV download. Each
 * bar stands beside the previous period's, thinner and paler. Drawn here rather than by a chart library: a few
 * rectangles and labels, and the screen stays a small lazy chunk.
 */
import { useId } from 'react';
import { csvText } from '../../../lib/csv-cell.ts';
import { INSIGHTS as WORDS } from '../../../lib/staff-messages.ts';

export interface Bar {
  label: string;
  value: number;
  previous: number;
}

/** The drawing's own units: it scales to its box, 390 px wide or 1,200. */
const WIDTH = 320;
const LABEL_HEIGHT = 14;
const BAR = 10;
const PREVIOUS_BAR = 5;
const ROW = LABEL_HEIGHT + BAR + PREVIOUS_BAR + 10;
/** Room at the bar's end for its figure. */
const VALUE_ROOM = 88;

export function BarChart({
  title,
  description,
  bars,
  format,
}: {
  title: string;
  description: string;
  bars: readonly Bar[];
  format: (value: number) => string;
}) {
  const id = useId();
  const largest = Math.max(1, ...bars.flatMap((bar) => [bar.value, bar.previous]));
  const length = (value: number) => (Math.max(0, value) / largest) * (WIDTH - VALUE_ROOM);
  return (
    <svg
      className="insight-chart"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      viewBox={`0 0 ${WIDTH} ${Math.max(ROW, bars.length * ROW)}`}
      preserveAspectRatio="xMinYMin meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {bars.map((bar, row) => {
        const y = row * ROW;
        return (
          <g key={bar.label}>
            <text x={0} y={y + LABEL_HEIGHT - 3} className="insight-chart-label">
              {bar.label}
            </text>
            <rect x={0} y={y + LABEL_HEIGHT} width={length(bar.value)} height={BAR} className="insight-bar" />
            <text x={length(bar.value) + 4} y={y + LABEL_HEIGHT + BAR - 1} className="insight-chart-value">
              {format(bar.value)}
            </text>
            <rect
              x={0}
              y={y + LABEL_HEIGHT + BAR + 2}
              width={length(bar.previous)}
              height={PREVIOUS_BAR}
              className="insight-bar-previous"
            />
          </g>
        );
      })}
    </svg>
  );
}

/** The figure's numbers as a table under a caption, and the same rows as a CSV file. */
export function FigureTable({
  caption,
  columns,
  rows,
  fileName,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
  fileName: string;
}) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(csvText([columns, ...rows]))}`;
  return (
    <>
      <div className="table-scroll">
        <table className="activity-table insight-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a className="btn btn-outline btn-small insight-csv" href={href} download={fileName}>
        {WORDS.downloadCsv}
        <span className="visually-hidden"> ({caption})</span>
      </a>
    </>
  );
}
