import type { FocusEvent, KeyboardEvent } from 'react';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_RESUME_MS } from '../lib/constants.ts';
import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import { fetchPublicList } from '../lib/public-api.ts';
import { imageAlt } from '../lib/image-url.ts';
import type { ImageFolder } from '../lib/families.ts';
import { ContentImage } from './ContentImage.tsx';
import type { SlideItem } from './HomeSlider.tsx';
import { describeWithPrefix } from './list-messages.ts';
import { useAfterLoad } from './use-after-load.ts';
import { useRevalidatedList } from './use-revalidated-list.ts';
import { useRotation } from './use-rotation.ts';

const load = (signal: AbortSignal) => fetchPublicList('homeContent', signal);
const describe = (error: unknown) => describeWithPrefix(error, PUBLIC.contentFetchFailed);

const slideClass = (position: number, index: number, count: number): string => {
  if (position === index) return 'carousel__slide is-active';
  if (count > 2 && position === (index - 1 + count) % count) return 'carousel__slide is-prev';
  if (count > 1 && position === (index + 1) % count) return 'carousel__slide is-next';
  return 'carousel__slide';
};

/**
 * Services carousel (spec section 4): advances every 3 s unless paused; hover (and keyboard focus) pauses;
 * previous / next wrap around and hold auto-advance for 3 s; buttons disabled with one item or none.
 */
export default function ServicesCarousel({
  initial,
  folder,
}: {
  initial?: readonly SlideItem[];
  /** Where the family's pictures are kept: the registry's, handed over by the page. */
  folder: ImageFolder;
}) {
  const { state } = useRevalidatedList(initial, load, describe);
  const { items } = state;
  const { index, running, setPaused, go } = useRotation(
    items.length,
    CAROUSEL_INTERVAL_MS,
    CAROUSEL_RESUME_MS,
  );
  const disabled = items.length <= 1;
  const afterLoad = useAfterLoad();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
  };

  let track;
  if (state.phase === 'error')
    track = (
      <p className="state state--error" role="alert">
        {state.error}
      </p>
    );
  else if (state.phase !== 'loaded')
    track = (
      <p className="state" role="status">
        {ISLAND_COPY.loadingContent}
      </p>
    );
  else if (items.length === 0) track = <p className="state">{PUBLIC.emptyContent}</p>;
  else
    track = (
      <div className="carousel__track" aria-live="off">
        {items.map((item, position) => (
          <figure
            key={item._id}
            className={`card ${slideClass(position, index, items.length)}`}
            aria-hidden={position !== index}
            data-slide={position}
          >
            {/* The hidden slides (not active, prev or next) fetch their images after load. */}
            {(afterLoad || slideClass(position, index, items.length) !== 'carousel__slide') && (
              <ContentImage
                value={item.image}
                folder={folder}
                alt={imageAlt(item)}
                width={item.imageWidth}
                height={item.imageHeight}
                sizes="(min-width: 576px) 560px, 100vw"
                className="card-media"
                priority={position === 0}
              />
            )}
            <figcaption>
              {/* h2: the carousel comes right after the page's h1 (Lighthouse heading-order); styled as a card h3. */}
              <h2 className="carousel__title">{item.title}</h2>
            </figcaption>
          </figure>
        ))}
      </div>
    );

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={ISLAND_COPY.carouselLabel}
      data-rotation={running ? 'running' : 'stopped'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={(event: FocusEvent) => {
        // Keyboard focus pauses like hover does; a mouse click on prev/next must still resume after 3 s.
        if (event.target instanceof Element && event.target.matches(':focus-visible')) setPaused(true);
      }}
      onBlur={(event: FocusEvent) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setPaused(false);
      }}
      onKeyDown={onKeyDown}
    >
      {track}
      <div className="carousel__nav">
        <button type="button" className="icon-btn" disabled={disabled} onClick={() => go(-1)}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{ISLAND_COPY.previous}</span>
        </button>
        <button type="button" className="icon-btn" disabled={disabled} onClick={() => go(1)}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{ISLAND_COPY.next}</span>
        </button>
      </div>
    </section>
  );
}
