/**
 * What the requests screen offers to filter by, read from the API beside the list: the sources' counts, the
 * courses and the catalogue's batches. A failed read offers less; the list itself says what went wrong.
 */
import { useEffect, useMemo, useState } from 'react';
import { extractList } from '../../../lib/api-client.ts';
import {
  contentFamilies,
  enrollCourseFamily,
  sourcesPath,
  type RequestFamily,
  type RequestFamilyKey,
} from '../../../lib/collections.ts';
import { adminRequest } from '../../api/admin-api.ts';
import type { RequestItem } from '../../stores/request-store.ts';

/**
 * How many of the family's requests came from each source, read again whenever the list changes
 * (a new request, a delete). A failed read shows no counts; the list itself says what went wrong.
 */
export function useSourceCounts(key: RequestFamilyKey, items: RequestItem[]): Record<string, number> | null {
  const [counts, setCounts] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    let current = true;
    adminRequest(sourcesPath(key))
      .then((body) => {
        const data = (body as { data?: unknown } | null)?.data;
        if (!current || typeof data !== 'object' || data === null) return;
        setCounts(
          Object.fromEntries(
            Object.entries(data).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
          ),
        );
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key, items]);
  return counts;
}

/**
 * The courses to filter by: those offered now, those the loaded requests name (a course since renamed or
 * removed still finds its requests) and the one chosen. A failed course list leaves the other two.
 */
export function useCourseNames(family: RequestFamily, items: RequestItem[], chosen: string): string[] {
  const [offered, setOffered] = useState<string[]>([]);
  useEffect(() => {
    if (!family.courseFilter) return;
    let live = true;
    adminRequest(enrollCourseFamily.path)
      .then((body) => {
        const names = extractList<{ courseName?: unknown }>(body)
          .map((course) => course.courseName)
          .filter((name): name is string => typeof name === 'string');
        if (live) setOffered(names);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [family]);
  return useMemo(() => {
    const seen = items.map((item) => ('course' in item ? item.course : '')).filter(Boolean);
    const names = new Set([...offered, ...seen, ...(chosen ? [chosen] : [])]);
    return [...names].sort((a, b) => a.localeCompare(b, 'en'));
  }, [offered, items, chosen]);
}

/** The catalogue's batches to filter by (a batch's roster), as [id, name]; none if the list fails. */
export function useBatchNames(family: RequestFamily): [string, string][] {
  const [batches, setBatches] = useState<[string, string][]>([]);
  useEffect(() => {
    if (!family.courseFilter) return;
    let live = true;
    adminRequest(`${contentFamilies.batch.path}?drafts=1`)
      .then((body) => {
        const found = extractList<{ _id?: unknown; name?: unknown }>(body).flatMap(({ _id, name }) =>
          typeof _id === 'string' ? [[_id, typeof name === 'string' ? name : _id] as [string, string]] : [],
        );
        if (live) setBatches(found);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [family]);
  return batches;
}
