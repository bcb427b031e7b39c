/** A day: `<input type=date>`, its value read as an IST day whatever the browser's zone (src/lib/fields/date.ts). */
import type { DateField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { oneInput } from './one-input.tsx';

export const dateAdmin = oneInput<DateField>(() => ({ type: 'date' }), FIELD_COPY.istHint);
