/**
 * Contact requests and enrollment requests (spec section 2): the list, newest first, with delete (no
 * confirmation), US numeric dates, "Load more" through long lists and a CSV export, filters the server applies
 * (search, status, IST date range, course), the order by date, a status menu, a note and the notification's
 * delivery state per request. A table on wider screens, cards at 576 px or less. Its parts are in requests/.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { exportPath, requestFamilies, type RequestFamilyKey } from '../../lib/collections.ts';
import { definitionsOfKind } from '../../families/index.ts';
import { ENQUIRY } from '../../lib/staff-messages.ts';
import { FORM, REQUESTS } from '../admin-copy.ts';
import { FoldingFilters } from '../parts/FoldingFilters.tsx';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createRequestStore, exportHref, isFiltered } from '../stores/request-store.ts';
import { FilterBar } from './requests/FilterBar.tsx';
import { useSourceCounts } from './requests/filter-options.ts';
import { RequestRow } from './requests/RequestRow.tsx';

const HEADINGS = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [definition.key, definition.admin.label]),
) as Record<RequestFamilyKey, string>;

export default function RequestsScreen({ family: key }: { family: RequestFamilyKey }) {
  const family = requestFamilies[key];
  const store = useMemo(() => createRequestStore(family), [family]);
  const list = useStore(store.$list);
  const filters = useStore(store.$filters);
  const notice = useStore(store.$notice);
  const deleting = useStore(store.$deleting);
  const rows = useStore(store.$rows);

  useEffect(() => {
    void store.load();
  }, [store]);

  const filtered = isFiltered(filters);
  const sources = useSourceCounts(key, list.items);

  return (
    <section aria-labelledby="screen-title">
      <div className="toolbar">
        <h1 id="screen-title" className="screen-title">
          {HEADINGS[key]}
        </h1>
        {/* rel=external keeps the router from treating the export as an admin page. */}
        <a
          className="btn btn-outline btn-small"
          href={exportHref(exportPath(key), filters)}
          rel="external"
          download
        >
          {REQUESTS.exportCsv}
        </a>
      </div>
      <FoldingFilters active={filtered}>
        <FilterBar family={family} store={store} items={list.items} sources={sources} />
      </FoldingFilters>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {list.status === 'loading' && <p className="alert alert-info">{FORM.loading}</p>}
      {list.status === 'error' && <LoadFailed message={list.error} onRetry={() => void store.load()} />}
      {list.status === 'ready' && list.searchStopped && (
        <p className="alert alert-info" role="status" data-testid="search-stopped">
          {list.searchStopped}
        </p>
      )}
      {list.status === 'ready' && list.items.length === 0 && !list.searchStopped && (
        <p className="alert alert-info">{filtered ? ENQUIRY.noMatches : family.messages.empty}</p>
      )}
      {list.status === 'ready' && list.items.length > 0 && (
        <>
          <p className="request-count" role="status">
            {REQUESTS.shown(list.items.length, list.nextCursor !== null)}
          </p>
          {sources && Object.keys(sources).length > 0 && (
            <p className="request-sources" data-testid="by-source">
              {ENQUIRY.bySource}:{' '}
              {Object.entries(sources)
                .sort(([, a], [, b]) => b - a)
                .map(([source, count]) => `${source} ${count}`)
                .join(' · ')}
            </p>
          )}
          <div className={`request-table request-table-${key}`}>
            {/* The column headings are for the eye; each cell carries its own label for assistive technology. */}
            <div className="request-head" aria-hidden="true">
              <span className="cell-date">{REQUESTS.date}</span>
              <span className="cell-person">{REQUESTS.person}</span>
              <span className="cell-request">
                {family.courseFilter ? REQUESTS.courseAndMessage : REQUESTS.message}
              </span>
              <span className="cell-follow">{REQUESTS.status}</span>
            </div>
            <ul className="item-list request-rows">
              {list.items.map((item) => (
                <RequestRow
                  key={item._id}
                  family={family}
                  item={item}
                  store={store}
                  row={rows[item._id]}
                  deleting={deleting}
                />
              ))}
            </ul>
          </div>
        </>
      )}
      {/* Also under a search that stopped before finding any: Load more searches further. */}
      {list.status === 'ready' && list.nextCursor && (
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
    </section>
  );
}
