/**
 * What a saved version of an item says differently from the current one (the History panel): per
 * field, in the family's field order, the label and the value the version had. Each field's kind says how its
 * value reads (src/lib/fields/), so a new family's history, whatever its kinds, reads right for free.
 */
import type { ContentFamily, ContentItem } from '../../lib/collections.ts';
import { fieldChanges, type FieldChange } from '../../lib/fields.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';

export type { FieldChange };

const draft = (item: ContentItem) => item.published === false;

const WORDS = {
  empty: WORKFLOW_COPY.emptyValue,
  otherPicture: WORKFLOW_COPY.otherPicture,
  picture: FORM.image,
  alt: WORKFLOW_COPY.altLabel,
};

export function changesFrom(
  family: ContentFamily,
  current: ContentItem,
  version: ContentItem,
): FieldChange[] {
  const changes = fieldChanges(family.fields, version, current, WORDS);
  if (draft(version) !== draft(current))
    changes.push({
      label: WORKFLOW_COPY.status,
      old: draft(version) ? WORKFLOW_COPY.draft : WORKFLOW_COPY.publishedState,
    });
  return changes;
}
