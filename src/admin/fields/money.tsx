/** Money: rupees typed as text (commas and paise allowed), so '12,500.50' is not refused by the browser. */
import type { MoneyField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { oneInput } from './one-input.tsx';

export const moneyAdmin = oneInput<MoneyField>(
  () => ({ type: 'text', inputMode: 'decimal', autoComplete: 'off' }),
  FIELD_COPY.moneyHint,
);
