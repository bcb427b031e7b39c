/** A whole number: a numeric input with the field's bounds. */
import type { IntegerField } from '../../lib/fields.ts';
import { oneInput } from './one-input.tsx';

export const integerAdmin = oneInput<IntegerField>((field) => ({
  type: 'number',
  inputMode: 'numeric',
  step: 1,
  min: field.min,
  max: field.max,
}));
