import { SLIDER_INTERVAL_MS } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import { fetchPublicList } from '../lib/public-api.ts';
import type { PublicItem } from '../lib/public-items.ts';
import { imageAlt } from '../lib/image-url.ts';
import type { ImageFolder } from '../lib/families.ts';
import { ContentImage } from './ContentImage.tsx';
import { describeWithPrefix } from '../lib/list-messages.ts';
import { useAfterLoad } from './use-after-load.ts';
import { useRevalidatedList } from './use-revalidated-list.ts';
import { useRotation } from './use-rotation.ts';

export type SlideItem = PublicItem<'homeContent'>;

/** WCAG 2.2.2: under reduced motion the slideshow starts paused; the play button still starts it. */
const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const load = (signal: AbortSignal) => fetchPublicList('homeContent', signal);
const describe = (error: unknown) => describeWithPrefix(error, PUBLIC.contentFetchFailed);

/** Home content slider: advances every 3 s and wraps (starts paused under reduced motion); loading / error / empty / showing (spec section 4). */
export default function HomeSlider({
  initial,
  folder,
}: {
  initial?: readonly SlideItem[];
  /** Where the family's pictures are kept: the registry's, handed over by the page. */
  folder: ImageFolder;
}) {
  const { state } = useRevalidatedList(initial, load, describe);
  const { items } = state;
  const { index, paused, setPaused } = useRotation(
    items.length,
    SLIDER_INTERVAL_MS,
    0,
    prefersReducedMotion(),
  );
  const afterLoad = useAfterLoad();

  if (state.phase !== 'loaded' || items.length === 0) {
    const error = state.phase === 'error';
    return (
      <section className="slider" aria-label={ISLAND_COPY.sliderLabel}>
        <div
          className="slider-state"
          data-state={error ? 'error' : state.phase === 'loaded' ? 'empty' : 'loading'}
        >
          <p className={error ? 'state state--error' : 'state'} role={error ? 'alert' : 'status'}>
            {error
              ? state.error
              : state.phase === 'loaded'
                ? PUBLIC.emptyContent
                : ISLAND_COPY.loadingContent}
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="slider" aria-roledescription="carousel" aria-label={ISLAND_COPY.sliderLabel}>
      <div className="slider__viewport">
        {items.map((item, position) => (
          <div
            key={item._id}
            className={position === index ? 'slide is-active' : 'slide'}
            aria-hidden={position !== index}
            data-slide={position}
          >
            {(position === 0 || afterLoad) && (
              <ContentImage
                value={item.image}
                folder={folder}
                alt={imageAlt(item)}
                width={item.imageWidth}
                height={item.imageHeight}
                sizes="100vw"
                priority={position === 0}
              />
            )}
            <div className="slide__caption">
              <h2>{item.title}</h2>
            </div>
          </div>
        ))}
      </div>
      {items.length > 1 && (
        <div className="slider__controls">
          <div className="slider__dots" aria-hidden="true">
            {items.map((item, position) => (
              <span key={item._id} className={position === index ? 'slider__dot is-active' : 'slider__dot'} />
            ))}
          </div>
          <button type="button" className="icon-btn" onClick={() => setPaused(!paused)}>
            <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
            <span className="visually-hidden">
              {paused ? ISLAND_COPY.playSlider : ISLAND_COPY.pauseSlider}
            </span>
          </button>
        </div>
      )}
    </section>
  );
}
