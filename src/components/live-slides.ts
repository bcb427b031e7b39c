/**
 * The live list of `homeContent` that the home slider and the services carousel both show, loaded once per page:
 * a failure keeps the baked slides, and shows the error only where there were none (spec section 8).
 */
import { describeWithPrefix } from '../lib/list-messages.ts';
import { PUBLIC } from '../lib/messages.ts';
import { fetchPublicList } from '../lib/public-api.ts';
import type { SlidesState } from './carousel-markup.ts';

export function loadLiveSlides(show: (state: SlidesState) => void, hasSlides: () => boolean): void {
  fetchPublicList('homeContent').then(
    (items) => show({ phase: 'loaded', items }),
    (error: unknown) => {
      if (!hasSlides()) show({ phase: 'error', error: describeWithPrefix(error, PUBLIC.contentFetchFailed) });
    },
  );
}
