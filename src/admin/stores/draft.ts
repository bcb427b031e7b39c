/**
 * A content form's unsaved input, kept in this tab while the admin signs in again after the session expired on
 * Save, and given back once to the same screen. A picked picture cannot be kept (a File does not
 * survive storage): the admin picks it again.
 */
import type { FormValue } from '../../lib/fields.ts';
import { readTab, takeTab, writeTab } from './tab-storage.ts';

export interface Draft {
  /** The item being edited, or null for a new one. */
  editingId: string | null;
  values: Record<string, FormValue>;
}

const key = (family: string) => `adminDraft:${family}`;

export function keepDraft(family: string, draft: Draft): void {
  writeTab(key(family), JSON.stringify(draft));
}

/** A field kind's form value: text, a checkbox, lines of text, or a group's entries of those. */
const isFormValue = (value: unknown): value is FormValue =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) &&
    (value.every((item) => typeof item === 'string') ||
      value.every((item) => typeof item === 'object' && item !== null && isValues(item))));

const isValues = (value: unknown): value is Draft['values'] =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(isFormValue);

/** The kept draft of a family, removed as it is read; null when there is none (or it is unreadable). */
export function takeDraft(family: string): Draft | null {
  const text = takeTab(key(family));
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as { editingId?: unknown; values?: unknown };
    const editingId = typeof parsed.editingId === 'string' ? parsed.editingId : null;
    return isValues(parsed.values) ? { editingId, values: parsed.values } : null;
  } catch {
    return null;
  }
}

/**
 * What a form holds that was not saved, kept in this tab as it is typed so that a reload or a trip
 * to another screen loses nothing; offered back (not applied) when the form is shown again.
 */
export interface UnsavedDraft<V> {
  /** The item being edited, or null for a new one (always null for the one-item settings). */
  editingId: string | null;
  /** The version the edit started from: a save of the restored draft is checked against it. */
  version: number | null;
  values: V;
  savedAt: string;
}

const unsavedKey = (form: string) => `adminUnsaved:${form}`;

export function keepUnsaved<V>(form: string, draft: UnsavedDraft<V>): void {
  writeTab(unsavedKey(form), JSON.stringify(draft));
}

export function dropUnsaved(form: string): void {
  writeTab(unsavedKey(form), null);
}

/** The kept draft of a form, if its values pass `isValues`; it stays kept until saved or discarded. */
export function readUnsaved<V>(
  form: string,
  isValues: (values: unknown) => values is V,
): UnsavedDraft<V> | null {
  const text = readTab(unsavedKey(form));
  if (text === null) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Record<keyof UnsavedDraft<V>, unknown>>;
    if (!isValues(parsed.values) || typeof parsed.savedAt !== 'string') return null;
    return {
      editingId: typeof parsed.editingId === 'string' ? parsed.editingId : null,
      version: typeof parsed.version === 'number' ? parsed.version : null,
      values: parsed.values,
      savedAt: parsed.savedAt,
    };
  } catch {
    return null;
  }
}

/** The content forms' values by field name, as each field's kind holds them (src/lib/fields/kind.ts FormValue). */
export const isFormValues = (value: unknown): value is Draft['values'] => isValues(value);
