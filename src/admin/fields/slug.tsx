/** A slug: typed, or left empty for the server to derive from the title. */
import type { SlugField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { oneInput } from './one-input.tsx';

export const slugAdmin = oneInput<SlugField>(
  (field) => ({ type: 'text', maxLength: field.max, spellCheck: false, autoCapitalize: 'none' }),
  FIELD_COPY.slugHint,
);
