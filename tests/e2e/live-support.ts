/**
 * What the specs of pages rendered on demand share (pages-on-demand.spec.ts, pages-through-cdn.spec.ts): the
 * 10 s an edit may take to reach its page, the admin's items as a save sends them back, and polls of a page.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { ContentFamily } from '../../src/lib/collections.ts';
import { valueFields } from '../../src/lib/fields.ts';

/** The brief's promise: an edit is live within 10 s. */
export const LIVE = { timeout: 10_000, intervals: [250, 500, 1_000] };

export type Stored = { _id: string; slug?: string } & Record<string, unknown>;

/** The family's published items as the admin reads them (every stored field, so a save keeps them all). */
export const listed = async (api: APIRequestContext, path: string) =>
  ((await (await api.get(`${path}?drafts=1`)).json()) as { data: Stored[] }).data.filter(
    (item) => item.published !== false && item.publishAt === undefined,
  );

/** The item as a save sends it (the API refuses fields it does not take), with `changes` over it. */
export const inputOf = (family: ContentFamily, item: Stored, changes: Record<string, unknown>) => ({
  ...Object.fromEntries(
    [...valueFields(family.fields).map((field) => field.name), 'published', ...(family.image ? ['alt'] : [])]
      .filter((name) => item[name] !== undefined)
      .map((name) => [name, item[name]]),
  ),
  ...changes,
});

export async function put(api: APIRequestContext, path: string, data: Record<string, unknown>) {
  const response = await api.put(path, { data });
  expect(response.status(), await response.text()).toBe(200);
}

/** Polls `path` until its HTML includes `text` (or, with `present` false, no longer does) within `within`. */
export const shows = (
  api: APIRequestContext,
  path: string,
  text: string,
  present = true,
  within: { timeout: number; intervals?: number[] } = LIVE,
) =>
  expect
    .poll(async () => (await (await api.get(path)).text()).includes(text), {
      ...within,
      message: `${path} ${present ? 'shows' : 'no longer shows'} ${text}`,
    })
    .toBe(present);

/** Creates an item through the admin API and answers it as stored. */
export async function create(api: APIRequestContext, family: ContentFamily, data: Record<string, unknown>) {
  const response = await api.post(family.path, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Stored }).data;
}
