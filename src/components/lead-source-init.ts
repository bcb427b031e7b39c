/**
 * Every public page: keep the visit's lead source (src/lib/lead-source.ts) and put it into the hidden source
 * fields of a plain HTML form (the assessment form on /services), so a submit with or without its script sends it.
 */
import { leadSource, rememberLeadSource } from '../lib/lead-source.ts';

rememberLeadSource();
const source = leadSource();
if (source)
  for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[data-lead-source]'))) {
    const key = input.dataset.leadSource as keyof typeof source;
    input.value = source[key] ?? '';
  }
