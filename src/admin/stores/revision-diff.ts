/**
 * What a saved version of an item says differently from the current one (issue 12, the History panel): per
 * field, in the family's field order, the label and the value the version had. Derived from the family's
 * fields, so a new family's history reads right for free.
 */
import type { ContentFamily, ContentItem } from '../../lib/collections.ts';
import { ALT_FIELD } from '../../lib/fields.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';

export interface FieldChange {
  label: string;
  /** The version's value, as text. */
  old: string;
}

/** Empty strings, missing values and empty points are all "nothing". */
function normalise(value: unknown): string | string[] {
  if (Array.isArray(value))
    return value.filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return typeof value === 'string' ? value.trim() : '';
}

function shown(value: unknown): string {
  const normal = normalise(value);
  const text = Array.isArray(normal) ? normal.join('; ') : normal;
  return text === '' ? WORKFLOW_COPY.emptyValue : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(normalise(a)) === JSON.stringify(normalise(b));

const draft = (item: ContentItem) => item.published === false;

export function changesFrom(
  family: ContentFamily,
  current: ContentItem,
  version: ContentItem,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of family.fields) {
    if (field.kind === 'image') {
      if (!same(version.image, current.image))
        changes.push({
          label: FORM.image,
          old: normalise(version.image) === '' ? WORKFLOW_COPY.emptyValue : WORKFLOW_COPY.otherPicture,
        });
      if (!same(version[ALT_FIELD], current[ALT_FIELD]))
        changes.push({ label: WORKFLOW_COPY.altLabel, old: shown(version[ALT_FIELD]) });
    } else if (!same(version[field.name], current[field.name])) {
      changes.push({ label: field.label, old: shown(version[field.name]) });
    }
  }
  if (draft(version) !== draft(current))
    changes.push({
      label: WORKFLOW_COPY.status,
      old: draft(version) ? WORKFLOW_COPY.draft : WORKFLOW_COPY.publishedState,
    });
  return changes;
}
