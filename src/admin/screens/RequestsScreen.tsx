/**
 * Contact requests and enrollment requests (spec section 2): the list, newest first, with delete (no
 * confirmation), US numeric dates, "Load more" through long lists and a CSV export — and the follow-up of issue
 * 11: filters the server applies (search, status, IST date range, course), the order by date, a status menu, a
 * note and the notification's delivery state per request. A table on wider screens, cards at 576 px or less.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { extractList } from '../../lib/api-client.ts';
import {
  contentFamilies,
  enrollCourseFamily,
  exportPath,
  requestFamilies,
  sourcesPath,
  type RequestFamily,
  type RequestFamilyKey,
} from '../../lib/collections.ts';
import { NOTE_MAX_LENGTH, sourceKey, statusOf } from '../../lib/enquiries.ts';
import { definitionsOfKind } from '../../families/index.ts';
import { ASSESSMENT_ADMIN, ENQUIRY, ENROLMENT_LINK } from '../../lib/staff-messages.ts';
import { showIstDay } from '../../lib/ist.ts';
import { FORM, REQUESTS } from '../admin-copy.ts';
import { adminRequest } from '../api/admin-api.ts';
import { istDateTime, telHref } from '../format/ist.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { FoldingFilters } from '../parts/FoldingFilters.tsx';
import { EnrolmentFacts } from '../parts/EnrolmentFacts.tsx';
import { PaymentPanel } from '../parts/PaymentPanel.tsx';
import { itemPath } from '../stores/content-store.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import {
  createRequestStore,
  exportHref,
  isFiltered,
  type RequestFilters,
  type RequestItem,
  type RowState,
} from '../stores/request-store.ts';

const HEADINGS = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [definition.key, definition.admin.label]),
) as Record<RequestFamilyKey, string>;

/** How long typing in the search box pauses before the list reloads. */
const SEARCH_PAUSE_MS = 300;

type RequestStore = ReturnType<typeof createRequestStore>;

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

/**
 * Issue 25.7: how many of the family's requests came from each source, read again whenever the list changes
 * (a new request, a delete). A failed read shows no counts; the list itself says what went wrong.
 */
function useSourceCounts(key: RequestFamilyKey, items: RequestItem[]): Record<string, number> | null {
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

/** The filters: applied as they change (the search after a pause in typing, or at once with Enter). */
function FilterBar({
  family,
  store,
  items,
  sources,
}: {
  family: RequestFamily;
  store: RequestStore;
  items: RequestItem[];
  sources: Record<string, number> | null;
}) {
  const id = useId();
  const filters = useStore(store.$filters);
  const errors = useStore(store.$filterErrors);
  const [query, setQuery] = useState(filters.q);
  const courses = useCourseNames(family, items, filters.course);
  const known = useBatchNames(family);
  // A batch since deleted (or a list that failed) still shows what the address filters by.
  const batches: [string, string][] =
    filters.batch && !known.some(([batchId]) => batchId === filters.batch)
      ? [...known, [filters.batch, filters.batch]]
      : known;

  useEffect(() => {
    if (query === store.$filters.get().q) return;
    const timer = setTimeout(() => void store.setFilters({ q: query }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [query, store]);

  const apply = (change: Partial<RequestFilters>) => void store.setFilters(change);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query !== filters.q) apply({ q: query });
  };
  const clear = () => {
    setQuery('');
    apply({ q: '', status: '', from: '', to: '', course: '', source: '', batch: '' });
  };
  const describedBy = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form role="search" aria-label={REQUESTS.filters} className="request-filters" onSubmit={submit}>
      <div className="field field-search">
        <label htmlFor={`${id}-q`}>{REQUESTS.search}</label>
        <input
          id={`${id}-q`}
          type="search"
          value={query}
          placeholder={REQUESTS.searchHint}
          aria-invalid={errors.q ? true : undefined}
          aria-describedby={describedBy('q')}
          onChange={(event) => setQuery(event.target.value)}
        />
        <FieldError id={`${id}-q-error`} message={errors.q} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>{REQUESTS.status}</label>
        <select
          id={`${id}-status`}
          value={filters.status}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={describedBy('status')}
          onChange={(event) => apply({ status: event.target.value })}
        >
          <option value="">{REQUESTS.anyStatus}</option>
          {family.statuses.map((status) => (
            <option key={status} value={status}>
              {ENQUIRY.statusLabels[status] ?? status}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-status-error`} message={errors.status} />
      </div>
      {family.courseFilter && (
        <div className="field">
          <label htmlFor={`${id}-course`}>{REQUESTS.course}</label>
          <select
            id={`${id}-course`}
            value={filters.course}
            aria-invalid={errors.course ? true : undefined}
            aria-describedby={describedBy('course')}
            onChange={(event) => apply({ course: event.target.value })}
          >
            <option value="">{REQUESTS.anyCourse}</option>
            {courses.map((course) => (
              <option key={course} value={course}>
                {course}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-course-error`} message={errors.course} />
        </div>
      )}
      {family.courseFilter && (
        <div className="field">
          <label htmlFor={`${id}-batch`}>{REQUESTS.batch}</label>
          <select
            id={`${id}-batch`}
            value={filters.batch}
            aria-invalid={errors.batch ? true : undefined}
            aria-describedby={describedBy('batch')}
            onChange={(event) => apply({ batch: event.target.value })}
          >
            <option value="">{REQUESTS.anyBatch}</option>
            {batches.map(([batchId, name]) => (
              <option key={batchId} value={batchId}>
                {name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-batch-error`} message={errors.batch} />
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-source`}>{ENQUIRY.sourceFilter}</label>
        <select
          id={`${id}-source`}
          value={filters.source}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={describedBy('source')}
          onChange={(event) => apply({ source: event.target.value })}
        >
          <option value="">{ENQUIRY.sourceAny}</option>
          {[...new Set([...Object.keys(sources ?? {}), ...(filters.source ? [filters.source] : [])])].map(
            (source) => (
              <option key={source} value={source}>
                {source}
              </option>
            ),
          )}
        </select>
        <FieldError id={`${id}-source-error`} message={errors.source} />
      </div>
      {(['from', 'to'] as const).map((name) => (
        <div className="field field-date" key={name}>
          <label htmlFor={`${id}-${name}`}>{REQUESTS[name]}</label>
          <input
            id={`${id}-${name}`}
            type="date"
            value={filters[name]}
            min={name === 'to' ? filters.from || undefined : undefined}
            max={name === 'from' ? filters.to || undefined : undefined}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={describedBy(name)}
            onChange={(event) => apply({ [name]: event.target.value })}
          />
          <FieldError id={`${id}-${name}-error`} message={errors[name]} />
        </div>
      ))}
      <div className="field">
        <label htmlFor={`${id}-sort`}>{REQUESTS.sort}</label>
        <select
          id={`${id}-sort`}
          value={filters.sort}
          onChange={(event) => apply({ sort: event.target.value === 'oldest' ? 'oldest' : 'newest' })}
        >
          <option value="newest">{REQUESTS.newest}</option>
          <option value="oldest">{REQUESTS.oldest}</option>
        </select>
      </div>
      {isFiltered(filters) && (
        <div className="field field-action">
          <button type="button" className="btn btn-outline btn-small" onClick={clear}>
            {REQUESTS.clearFilters}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * The courses to filter by: those offered now, those the loaded requests name (a course since renamed or
 * removed still finds its requests) and the one chosen. A failed course list leaves the other two.
 */
function useCourseNames(family: RequestFamily, items: RequestItem[], chosen: string): string[] {
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

/** Issue 22.5: the catalogue's batches to filter by (a batch's roster), as [id, name]; none if the list fails. */
function useBatchNames(family: RequestFamily): [string, string][] {
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

function RequestRow({
  family,
  item,
  store,
  row,
  deleting,
}: {
  family: RequestFamily;
  item: RequestItem;
  store: RequestStore;
  row: RowState | undefined;
  deleting: string | null;
}) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const noteButton = useRef<HTMLButtonElement>(null);
  const status = statusOf(item);
  const saving = row?.saving ?? null;
  const errors = row?.errors ?? {};

  const closeEditor = () => {
    setEditing(false);
    store.clearRowErrors(item._id);
    // Back to the button that opened the editor, once it is rendered again.
    requestAnimationFrame(() => noteButton.current?.focus());
  };

  return (
    <li className="item-card request-row" data-item-id={item._id}>
      <div className="cell cell-person">
        <h2 className="panel-title request-name">{item.name}</h2>
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
        </dl>
      </div>
      <dl className="request-fields cell cell-date">
        <dt>{REQUESTS.date}</dt>
        <dd>
          <time dateTime={item.createdAt}>{istDateTime(item.createdAt)}</time>
        </dd>
      </dl>
      <dl className="request-fields cell cell-request">
        {family.courseFilter && (
          <>
            <dt>{REQUESTS.course}</dt>
            <dd>{'course' in item ? item.course : undefined}</dd>
            <EnrolmentFacts item={item as RequestItem & Record<string, unknown>} />
          </>
        )}
        {(family.key === 'contact' || ('message' in item && item.message)) && (
          <>
            <dt>{REQUESTS.message}</dt>
            <dd>
              <ClampedText text={'message' in item ? (item.message ?? '') : ''} />
            </dd>
          </>
        )}
        {'organisation' in item && <AssessmentDetails item={item} />}
        {item.source && (
          <>
            <dt>{ENQUIRY.sourceLabel}</dt>
            <dd className="request-source">{sourceKey(item)}</dd>
          </>
        )}
      </dl>
      <div className="cell cell-follow">
        <label className="visually-hidden" htmlFor={`${id}-status`}>
          {REQUESTS.statusOf(item.name)}
        </label>
        <select
          id={`${id}-status`}
          className="status-select"
          value={status}
          disabled={saving !== null}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? `${id}-status-error` : undefined}
          onChange={(event) => void store.setStatus(item._id, event.target.value)}
        >
          {family.statuses.map((value) => (
            <option key={value} value={value}>
              {ENQUIRY.statusLabels[value] ?? value}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-status-error`} message={errors.status} />
        <DeliveryBadge state={item.delivery} />
        {family.key === 'enroll' && (
          <PaymentPanel
            item={item as RequestItem & Record<string, unknown>}
            path={itemPath(family.path, item._id)}
            saving={saving === 'payment'}
            errors={errors}
            onSave={(payment) => store.recordPayment(item._id, payment)}
          />
        )}
        {item.note && !editing && (
          <p className="request-note">
            <span className="visually-hidden">{REQUESTS.note}: </span>
            {item.note}
            {item.noteBy && (
              <span className="request-note-by">
                {' '}
                {REQUESTS.noteBy(item.noteBy, item.noteAt ? istDateTime(item.noteAt) : '')}
              </span>
            )}
          </p>
        )}
        <div className="item-actions">
          {!editing && (
            <button
              ref={noteButton}
              type="button"
              className="btn btn-outline btn-small"
              onClick={() => setEditing(true)}
            >
              {item.note ? REQUESTS.editNote : REQUESTS.addNote}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
          {family.key === 'enroll' && (
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={saving !== null}
              onClick={() => void store.revokePageLink(item._id)}
            >
              {ENROLMENT_LINK.revoke}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
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
      </div>
      {editing && (
        <NoteEditor
          name={item.name}
          note={item.note ?? ''}
          saving={saving === 'note'}
          error={errors.note}
          onCancel={closeEditor}
          onSave={async (note) => {
            if (await store.saveNote(item._id, note)) closeEditor();
          }}
        />
      )}
    </li>
  );
}

/** The notification's state: shown only for requests that had notifications on when they arrived. */
function DeliveryBadge({ state }: { state: string | undefined }) {
  if (!state) return null;
  return (
    <p className={`delivery-badge delivery-${state}`}>
      <span className="visually-hidden">{REQUESTS.delivery}: </span>
      {ENQUIRY.deliveryLabels[state] ?? state}
    </p>
  );
}

function NoteEditor({
  name,
  note,
  saving,
  error,
  onCancel,
  onSave,
}: {
  name: string;
  note: string;
  saving: boolean;
  error: string | undefined;
  onCancel: () => void;
  onSave: (note: string) => Promise<void>;
}) {
  const id = useId();
  const [draft, setDraft] = useState(note);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);
  const over = draft.length > NOTE_MAX_LENGTH;

  return (
    <form
      className="cell cell-note"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-note`}>{REQUESTS.noteFor(name)}</label>
        <textarea
          ref={field}
          id={`${id}-note`}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(event) => setDraft(event.target.value)}
        />
        <p id={`${id}-count`} className={over ? 'field-error' : 'field-hint'}>
          {REQUESTS.noteLength(draft.length, NOTE_MAX_LENGTH)}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={saving}>
          {saving ? REQUESTS.saving : REQUESTS.saveNote}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={saving} onClick={onCancel}>
          {FORM.cancel}
        </button>
      </div>
    </form>
  );
}

/** What an assessment request asks for (issue 25.2): the organisation, the scope and the rest of the form. */
function AssessmentDetails({ item }: { item: Extract<RequestItem, { organisation: string }> }) {
  const words = ASSESSMENT_ADMIN;
  const scope = Object.entries(item.scope)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => `${words.scope[key] ?? key}: ${count}`)
    .join(', ');
  return (
    <>
      <dt>{words.organisation}</dt>
      <dd>{item.organisation}</dd>
      <dt>{words.scopeLabel}</dt>
      <dd>{scope}</dd>
      <dt>{words.environmentLabel}</dt>
      <dd>{words.environment[item.environment] ?? item.environment}</dd>
      <dt>{words.complianceLabel}</dt>
      <dd>{item.compliance.map((reason) => words.compliance[reason] ?? reason).join(', ') || '—'}</dd>
      <dt>{words.wantedBy}</dt>
      <dd>{showIstDay(item.wantedBy)}</dd>
      <dt>{words.nda}</dt>
      <dd>{item.nda === 'yes' ? words.yes : words.no}</dd>
      {item.gstin && (
        <>
          <dt>{words.gstin}</dt>
          <dd>{item.gstin}</dd>
        </>
      )}
      {item.notes && (
        <>
          <dt>{words.notes}</dt>
          <dd>
            <ClampedText text={item.notes} />
          </dd>
        </>
      )}
    </>
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
