/**
 * Stats (spec section 2): one figure, the total number of courses, stored as a bare document. A singleton of the
 * field kinds, like the site settings: its input schema, stored schema and type are derived from its field.
 */
import { z } from 'zod';
import {
  integerField,
  singletonInputSchemaOf,
  singletonValuesShapeOf,
  type SingletonValues,
} from './fields.ts';
import { VALIDATION } from './api-messages.ts';
import { STATS_LABELS } from './staff-messages.ts';

export const STATS_FIELDS = [
  integerField('totalCourses', {
    label: STATS_LABELS.totalCourses,
    hint: null,
    // The spec's one message for every refusal, a missing figure included.
    required: VALIDATION.totalCoursesInvalid,
    min: 0,
    max: 1_000_000,
    jsonOnly: true,
    reasons: { invalid: VALIDATION.totalCoursesInvalid },
  }),
] as const;

export type Stats = SingletonValues<(typeof STATS_FIELDS)[number]>;

/** What `PUT /api/v1/stats` accepts. */
export const StatsInputSchema = singletonInputSchemaOf(STATS_FIELDS);
/** The stored document, as the API answers it and the build reads it. */
export const StatsSchema = z.object(singletonValuesShapeOf(STATS_FIELDS)) as unknown as z.ZodType<Stats>;
