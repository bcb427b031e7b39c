/** Summaries of repeated measurements: the table shows min / median / max wherever something is timed. */

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread() needs at least one value');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]! };
}

export const median = (values: readonly number[]) => spread(values).median;

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
