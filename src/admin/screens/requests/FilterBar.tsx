/**
 * The requests screen's filters, which the server applies: search, status, course, batch, source, IST date range
 * and the order by date.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { RequestFamily } from '../../../lib/collections.ts';
import { ENQUIRY } from '../../../lib/staff-messages.ts';
import { REQUESTS } from '../../admin-copy.ts';
import { FieldError } from '../../parts/FieldError.tsx';
import {
  isFiltered,
  type RequestFilters,
  type RequestItem,
  type RequestStore,
} from '../../stores/request-store.ts';
import { useBatchNames, useCourseNames } from './filter-options.ts';

/** How long typing in the search box pauses before the list reloads. */
const SEARCH_PAUSE_MS = 300;

/** The filters: applied as they change (the search after a pause in typing, or at once with Enter). */
export function FilterBar({
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
