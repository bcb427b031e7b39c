/**
 * The items a reference field can point to: the referred family's list (drafts too, as staff may link a draft),
 * each named by that family's title field. The form's inputs and every card of the list ask at once: they share
 * one request per family, kept briefly, so a list of fifty batches costs one read of the courses.
 */
import { useEffect, useState } from 'react';
import { contentFamilies } from '../../lib/collections.ts';
import { extractList } from '../../lib/api-client.ts';
import { familyPath } from '../../lib/families.ts';
import { isRecord } from '../../lib/json.ts';
import { adminRequest } from '../api/admin-api.ts';

export interface ReferenceOption {
  id: string;
  name: string;
}

export interface ReferenceOptions {
  status: 'loading' | 'ready' | 'error';
  options: ReferenceOption[];
}

/** Long enough for one screen's renders to share a read, short enough that a renamed item shows soon. */
const KEEP_MS = 10_000;
interface Read {
  at: number;
  options: Promise<ReferenceOption[]>;
  loaded?: ReferenceOption[];
}
const reads = new Map<string, Read>();

const fresh = (to: string) => {
  const kept = reads.get(to);
  return kept && Date.now() - kept.at < KEEP_MS ? kept : null;
};

/** The family's title field; a family outside the registry (a test's) is named by its `title` or `name`. */
const titleFieldsOf = (key: string) => {
  const family = (contentFamilies as Record<string, { titleField: string } | undefined>)[key];
  return family ? [family.titleField] : ['title', 'name'];
};

const nameOf = (item: Record<string, unknown>, fields: readonly string[]) => {
  const name = fields.map((field) => item[field]).find((value) => typeof value === 'string' && value !== '');
  return typeof name === 'string' ? name : String(item._id);
};

/** The referred family's items as options: one request per family while it is kept. */
export function readReferenceOptions(to: string): Promise<ReferenceOption[]> {
  const kept = fresh(to);
  if (kept) return kept.options;
  const fields = titleFieldsOf(to);
  const options = adminRequest(familyPath(to), { query: { drafts: 1 } }).then((body) =>
    extractList(body)
      .filter(isRecord)
      .map((item) => ({ id: String(item._id), name: nameOf(item, fields) })),
  );
  const entry: Read = { at: Date.now(), options };
  reads.set(to, entry);
  // Kept once loaded, so the next card draws the names at once; a failed read is not kept: the next one asks again.
  options.then(
    (loaded) => (entry.loaded = loaded),
    () => reads.delete(to),
  );
  return options;
}

export function useReferenceOptions(to: string): ReferenceOptions {
  const [state, setState] = useState<ReferenceOptions>(() => {
    const loaded = fresh(to)?.loaded;
    return loaded ? { status: 'ready', options: loaded } : { status: 'loading', options: [] };
  });
  useEffect(() => {
    let live = true;
    readReferenceOptions(to).then(
      (options) => live && setState({ status: 'ready', options }),
      () => live && setState({ status: 'error', options: [] }),
    );
    return () => {
      live = false;
    };
  }, [to]);
  return state;
}

/** An id as people read it: the referred item's name once loaded, else the id itself. */
export const nameOfReference = (options: readonly ReferenceOption[], id: string) =>
  options.find((option) => option.id === id)?.name ?? id;
