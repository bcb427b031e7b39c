/** A phone number: a telephone input, so phones offer their keypad. */
import type { PhoneField } from '../../lib/fields.ts';
import { oneInput } from './one-input.tsx';

export const phoneAdmin = oneInput<PhoneField>((field) => ({
  type: 'tel',
  maxLength: field.max,
  autoComplete: 'off',
}));
