/** Points: a list of short lines (a service's or a career's bullet points). */
import { z } from 'zod';
import { pointsSchema } from '../schemas.ts';
import { asList, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface PointsField<N extends string = string> extends FieldBase<N> {
  kind: 'points';
  /** The fewest non-empty points, and the message when there are fewer. */
  min: number;
  minMessage: string;
  max: number;
  /** Inputs the admin form starts with and that cannot be removed (service content: 4). */
  fixed: number;
  /** Inputs the admin form starts with. */
  initial: number;
  /** Points can be removed while more than this many inputs remain (career: 1). */
  keepAtLeast: number;
}

export const pointsField = <const N extends string>(
  name: N,
  options: Omit<PointsField<N>, 'name' | 'kind'>,
): PointsField<N> => ({ name, kind: 'points', ...options });

/** Points without the empty ones: what a save keeps. */
const kept = (value: unknown) =>
  asList(value)
    .map((point) => point.trim())
    .filter((point) => point !== '');
const text = (_field: PointsField, value: unknown) => kept(value).join('; ');

export const pointsKind: FieldKind<PointsField> = {
  // Lists that need no point (a trainer's qualifications) may be left out: a create stores none, an update keeps
  // what it does not send.
  input: (field) => {
    const points = pointsSchema(field.min, field.minMessage, field.max);
    return field.min === 0 ? points.optional() : points;
  },
  stored: (field) => (field.min === 0 ? z.array(z.string()).optional() : z.array(z.string())),
  toForm: (field, value) => {
    const points = asList(value);
    while (points.length < field.initial) points.push('');
    return points;
  },
  fromForm: (_field, value) => value,
  text,
  diff: valueDiff(text),
  // One point per line, so a spreadsheet cell shows the list.
  csv: (_field, value) => asList(value).join('\n'),
};
