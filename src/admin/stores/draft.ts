/**
 * A content form's unsaved input, kept in this tab while the admin signs in again after the session expired on
 * Save (issue 10.11), and given back once to the same screen. A picked picture cannot be kept (a File does not
 * survive storage): the admin picks it again.
 */
import { takeTab, writeTab } from './tab-storage.ts';

export interface Draft {
  /** The item being edited, or null for a new one. */
  editingId: string | null;
  values: Record<string, string | string[]>;
}

const key = (family: string) => `adminDraft:${family}`;

export function keepDraft(family: string, draft: Draft): void {
  writeTab(key(family), JSON.stringify(draft));
}

const isValues = (value: unknown): value is Draft['values'] =>
  typeof value === 'object' &&
  value !== null &&
  Object.values(value).every(
    (entry) =>
      typeof entry === 'string' || (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
  );

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
