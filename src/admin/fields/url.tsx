/** A web address. */
import type { UrlField } from '../../lib/fields.ts';
import { oneInput } from './one-input.tsx';

// A field that also takes a site path (`/verify`) is typed as text: the browser's url check refuses a path.
export const urlAdmin = oneInput<UrlField>((field) => ({
  type: field.allowPath ? 'text' : 'url',
  maxLength: field.max,
}));
