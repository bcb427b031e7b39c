import { PUBLIC } from '../lib/messages.ts';
import { ISLAND_COPY } from '../lib/public-copy.ts';
import { imageAlt } from '../lib/image-url.ts';
import type { ImageFolder } from '../lib/families.ts';
import { ContentImage } from './ContentImage.tsx';
import { useHomeServices, type ServiceItem } from './use-home-services.ts';

/** Where a home service card leads: the Services page's "What We Offer" section. */
export const SERVICES_DETAIL = '/services#content-heading';

/** OUR-SERVICES grid: loading, 'Retrying connection...', error with Retry, empty, loaded. */
export default function HomeServices({
  initial,
  folder,
}: {
  initial?: readonly ServiceItem[];
  /** Where the family's pictures are kept: the registry's, handed over by the page. */
  folder: ImageFolder;
}) {
  const { state, canRetry, retry } = useHomeServices(initial);

  let body;
  if (state.phase === 'loading')
    body = (
      <p className="state" role="status">
        {ISLAND_COPY.loadingServices}
      </p>
    );
  else if (state.phase === 'retrying')
    body = (
      <p className="state" role="status">
        {PUBLIC.retryingConnection}
      </p>
    );
  else if (state.phase === 'error')
    body = (
      <div className="state" role="alert">
        <p className="state--error">{state.error}</p>
        {canRetry && (
          <button type="button" className="btn" onClick={retry}>
            {PUBLIC.retry}
          </button>
        )}
      </div>
    );
  else if (state.items.length === 0) body = <p className="state">{PUBLIC.emptyServices}</p>;
  else
    body = (
      <ul className="grid grid--3 plain-list">
        {state.items.map((item) => (
          <li key={item._id} className="card card--link">
            <ContentImage
              value={item.image}
              folder={folder}
              alt={imageAlt(item)}
              width={item.imageWidth}
              height={item.imageHeight}
              sizes="(min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw"
              className="card-media"
            />
            <h3>
              {/* The whole card leads to the services in detail (the link's area is stretched over it). */}
              <a className="card-link" href={SERVICES_DETAIL}>
                {item.title}
              </a>
            </h3>
            <p className="muted">{item.description}</p>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="section defer-render" aria-labelledby="services-heading">
      <div className="container">
        <h2 id="services-heading" className="section-title">
          {ISLAND_COPY.servicesHeading}
        </h2>
        {body}
      </div>
    </section>
  );
}
