/**
 * One page of a paged list as Astro's paginate() describes it (`Page`), for lists rendered on demand, where
 * paginate() is not at hand: page 1 lives at `base`, page n at `base/n`. Null for a page the list does not have
 * (`base/1` included, as paginate() never makes it).
 */
import type { Page } from 'astro';

export function listPage<T>(items: readonly T[], pageParam: string | undefined, base: string, size: number) {
  const lastPage = Math.max(1, Math.ceil(items.length / size));
  const current = pageParam === undefined || pageParam === '' ? 1 : Number(pageParam);
  if (!Number.isInteger(current) || current < 1 || current > lastPage) return null;
  if (pageParam !== undefined && pageParam !== '' && (current === 1 || String(current) !== pageParam))
    return null;
  const at = (n: number) => (n === 1 ? base : `${base}/${n}`);
  const start = (current - 1) * size;
  const end = Math.min(start + size, items.length);
  const page: Page<T> = {
    data: items.slice(start, end),
    start,
    end: end - 1,
    size,
    total: items.length,
    currentPage: current,
    lastPage,
    url: {
      current: at(current),
      next: current === lastPage ? undefined : at(current + 1),
      prev: current === 1 ? undefined : at(current - 1),
      first: current === 1 ? undefined : at(1),
      last: current === lastPage ? undefined : at(lastPage),
    },
  };
  return page;
}
