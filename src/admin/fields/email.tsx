/** An e-mail address. */
import type { EmailField } from '../../lib/fields.ts';
import { oneInput } from './one-input.tsx';

export const emailAdmin = oneInput<EmailField>((field) => ({
  type: 'email',
  maxLength: field.max,
  autoComplete: 'off',
}));
