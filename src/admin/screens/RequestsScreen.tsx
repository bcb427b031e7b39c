/**
 * Contact requests and enrollment requests (spec section 2): a read-only list, newest first, with delete (no
 * confirmation), US numeric dates, "Load more" through long lists and a CSV export.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { exportPath, requestFamilies, type RequestFamilyKey } from '../../lib/collections.ts';
import { FORM, REQUESTS } from '../admin-copy.ts';
import { istDateTime, telHref } from '../format/ist.ts';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createRequestStore, type RequestItem } from '../stores/request-store.ts';

const HEADINGS: Record<RequestFamilyKey, string> = {
  contact: 'Contact Requests',
  enroll: 'Enrollment Requests',
};

export default function RequestsScreen({ family: key }: { family: RequestFamilyKey }) {
  const family = requestFamilies[key];
  const store = useMemo(() => createRequestStore(family), [family]);
  const list = useStore(store.$list);
  const notice = useStore(store.$notice);
  const deleting = useStore(store.$deleting);

  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section aria-labelledby="screen-title">
      <div className="toolbar">
        <h1 id="screen-title" className="screen-title">
          {HEADINGS[key]}
        </h1>
        {/* rel=external keeps the router from treating the export as an admin page. */}
        <a className="btn btn-outline btn-small" href={exportPath(key)} rel="external" download>
          {REQUESTS.exportCsv}
        </a>
      </div>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {list.status === 'loading' && <p className="alert alert-info">{FORM.loading}</p>}
      {list.status === 'error' && (
        <div className="alert alert-error alert-row" role="alert">
          <p>{list.error}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void store.load()}>
            {FORM.retry}
          </button>
        </div>
      )}
      {list.status === 'ready' && list.items.length === 0 && (
        <p className="alert alert-info">{family.messages.empty}</p>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <>
          <ul className="item-list">
            {list.items.map((item) => (
              <li key={item._id} className="item-card" data-item-id={item._id}>
                <h2 className="panel-title">{item.name}</h2>
                <RequestFields family={key} item={item} />
                <div className="item-actions">
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    disabled={deleting !== null}
                    onClick={() => void store.remove(item._id)}
                  >
                    {deleting === item._id ? FORM.deleting : FORM.delete}
                    <span className="visually-hidden"> {item.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          {list.nextCursor && (
            <div className="load-more">
              <button
                type="button"
                className="btn btn-outline"
                disabled={list.loadingMore}
                onClick={() => void store.loadMore()}
              >
                {list.loadingMore ? REQUESTS.loadingMore : REQUESTS.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function RequestFields({ family, item }: { family: RequestFamilyKey; item: RequestItem }) {
  return (
    <dl className="request-fields">
      <dt>{REQUESTS.email}</dt>
      <dd>
        <a href={`mailto:${item.email}`} rel="external">
          {item.email}
        </a>
      </dd>
      <dt>{REQUESTS.phone}</dt>
      <dd>
        <a href={telHref(item.phone)} rel="external">
          {item.phone}
        </a>
      </dd>
      {family === 'enroll' && (
        <>
          <dt>{REQUESTS.course}</dt>
          <dd>{'course' in item ? item.course : undefined}</dd>
        </>
      )}
      {(family === 'contact' || item.message) && (
        <>
          <dt>{REQUESTS.message}</dt>
          <dd>
            <ClampedText text={item.message ?? ''} />
          </dd>
        </>
      )}
      <dt>{REQUESTS.date}</dt>
      <dd>
        <time dateTime={item.createdAt}>{istDateTime(item.createdAt)}</time>
      </dd>
    </dl>
  );
}

/** A long message shows its first lines with "Show more" (issue 10.13); a short one shows whole, with no button. */
function ClampedText({ text }: { text: string }) {
  const id = useId();
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured, not counted in characters: what is hidden depends on the card's width.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <>
      <p ref={ref} id={id} className={expanded ? 'request-message' : 'request-message message-clamped'}>
        {text}
      </p>
      {(overflows || expanded) && (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? REQUESTS.showLess : REQUESTS.showMore}
        </button>
      )}
    </>
  );
}
