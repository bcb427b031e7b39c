/** A date and time: `<input type=datetime-local>`, its value read as IST whatever the browser's zone. */
import type { DateTimeField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { oneInput } from './one-input.tsx';

export const dateTimeAdmin = oneInput<DateTimeField>(() => ({ type: 'datetime-local' }), FIELD_COPY.istHint);
