/**
 * The items a reference field can point to: the referred family's list (drafts too, as staff may link a draft),
 * each named by that family's title field. Loaded once per form and family while the form is shown.
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

export type ReferenceOptions =
  | { status: 'loading'; options: ReferenceOption[] }
  | { status: 'ready'; options: ReferenceOption[] }
  | { status: 'error'; options: ReferenceOption[] };

/** The title field of the family referred to; a family outside the registry (a test's) names items by `title`. */
const titleFieldOf = (key: string) =>
  (contentFamilies as Record<string, { titleField: string } | undefined>)[key]?.titleField ?? 'title';

export function useReferenceOptions(to: string): ReferenceOptions {
  const [state, setState] = useState<ReferenceOptions>({ status: 'loading', options: [] });
  useEffect(() => {
    let live = true;
    const title = titleFieldOf(to);
    adminRequest(familyPath(to), { query: { drafts: 1 } })
      .then((body) => {
        const options = extractList(body)
          .filter(isRecord)
          .map((item) => ({ id: String(item._id), name: String(item[title] ?? item._id) }));
        if (live) setState({ status: 'ready', options });
      })
      .catch(() => {
        if (live) setState({ status: 'error', options: [] });
      });
    return () => {
      live = false;
    };
  }, [to]);
  return state;
}
