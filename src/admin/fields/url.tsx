/** A web address. */
import type { UrlField } from '../../lib/fields.ts';
import { oneInput } from './one-input.tsx';

export const urlAdmin = oneInput<UrlField>((field) => ({ type: 'url', maxLength: field.max }));
