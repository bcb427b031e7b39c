/**
 * What the warmer asks for after a purge: the public pages that show a purged tag (src/lib/page-cache.ts, the
 * table the pages cache themselves by), then the API's public lists of its families. Pages come first: they are
 * what visitors open, and the warmer asks for at most MAX_WARM_PATHS addresses.
 */
import { tagOf } from '../../lib/articles.ts';
import { pathsToWarm, type SlugSource, type SlugsOf } from '../../lib/page-cache.ts';
import { isLiveAt } from '../../lib/schedule.ts';
import type { Repository } from '../repository/port.ts';
import { apiPathsToWarm, type PathsToWarm } from './warm.ts';

const slugsOfStore =
  (repository: Repository): SlugsOf =>
  async (source: SlugSource) => {
    const now = Date.now();
    const stored = await repository.list(source === 'articleTag' ? 'article' : source);
    const items = stored.filter((item) => isLiveAt(item, now));
    if (source !== 'articleTag')
      return items.flatMap((item) => (typeof item.slug === 'string' && item.slug ? [item.slug] : []));
    const tags = items.flatMap((item) =>
      Array.isArray(item.tags) ? item.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    );
    return [...new Set(tags.map((name) => tagOf(name).slug))];
  };

export const sitePathsToWarm =
  (repository: Repository): PathsToWarm =>
  async (tags) => [
    ...new Set([...(await pathsToWarm(tags, slugsOfStore(repository))), ...(await apiPathsToWarm(tags))]),
  ];
