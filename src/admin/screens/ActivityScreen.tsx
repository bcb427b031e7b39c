/**
 * The audit log for owners: newest first, filtered by person, action and an IST date range, a page at a
 * time, each entry a sentence naming who did what to which item or person. A request is named by its
 * person until it is erased or purged; nothing an enquirer wrote is ever in the log.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AUDIT_ACTIONS, type AuditEntry } from '../../lib/identity.ts';
import { ACTIVITY_TEXT, ENQUIRY, IDENTITY } from '../../lib/staff-messages.ts';
import { ACTIVITY, FORM } from '../admin-copy.ts';
import { activitySentence, addressOf, whoOf } from '../format/activity.ts';
import { istDateTime } from '../format/ist.ts';
import { loadActivity } from '../stores/identity-store.ts';
import { OwnersOnly } from '../parts/OwnersOnly.tsx';

const NO_FILTERS = { actor: '', action: '', from: '', to: '' };

function ActivityLog() {
  const id = useId();
  const [actor, setActor] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  // Only the latest request may fill the list: a slow unfiltered page must not land after a filtered one.
  const latest = useRef(0);
  const load = useCallback((from: string | null, wanted: typeof filters) => {
    const ticket = ++latest.current;
    return loadActivity({ ...wanted, cursor: from }).then(
      (page) => {
        if (ticket !== latest.current) return;
        setEntries((shown) => (from ? [...(shown ?? []), ...page.entries] : page.entries));
        setCursor(page.nextCursor);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (ticket !== latest.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    void load(null, filters);
  }, [load, filters]);

  function loadMore() {
    setLoading(true);
    void load(cursor, filters);
  }

  function onFilter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A range that ends before it starts matches nothing: say so and keep the list as it is.
    if (from && to && from > to) {
      setRangeError(ENQUIRY.dateRange);
      return;
    }
    setRangeError(null);
    setLoading(true);
    setFilters({ actor: actor.trim().toLowerCase(), action, from, to });
  }

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {ACTIVITY.heading}
      </h1>
      <form className="panel inline-form" onSubmit={onFilter} noValidate>
        <div className="field">
          <label htmlFor={`${id}-actor`}>{ACTIVITY.actor}</label>
          <input
            id={`${id}-actor`}
            type="text"
            value={actor}
            onChange={(event) => setActor(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-action`}>{ACTIVITY.action}</label>
          <select id={`${id}-action`} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{ACTIVITY.anyAction}</option>
            {AUDIT_ACTIONS.map((name) => (
              <option key={name} value={name}>
                {ACTIVITY_TEXT.actionLabels[name]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{ACTIVITY.from}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={to || undefined}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range-error` : undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
          {rangeError && (
            <p id={`${id}-range-error`} className="field-error">
              {rangeError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{ACTIVITY.to}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {ACTIVITY.filter}
        </button>
      </form>
      <div aria-live="polite">
        {failed && <p className="alert alert-error">{IDENTITY.activityLoadFailed}</p>}
        {entries === null && loading && <p className="alert alert-info">{FORM.loading}</p>}
        {entries?.length === 0 && <p className="alert alert-info">{IDENTITY.activityEmpty}</p>}
      </div>
      {entries && entries.length > 0 && (
        <div className="panel table-scroll">
          <table className="activity-table">
            <thead>
              <tr>
                <th scope="col">{ACTIVITY.when}</th>
                <th scope="col">{ACTIVITY.who}</th>
                <th scope="col">{ACTIVITY.what}</th>
                <th scope="col">{ACTIVITY.address}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry._id} data-action={entry.action}>
                  <td>{istDateTime(entry.at)}</td>
                  <td>
                    {whoOf(entry)}
                    {entry.actorName && <span className="field-hint"> ({entry.actor})</span>}
                  </td>
                  <td>{activitySentence(entry)}</td>
                  <td>{addressOf(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" className="btn btn-outline" disabled={loading} onClick={loadMore}>
          {loading ? FORM.loading : ACTIVITY.loadMore}
        </button>
      )}
    </section>
  );
}

/** Owners only: an editor who opens the address is told so instead of seeing the form. */
export default function ActivityScreen() {
  return (
    <OwnersOnly heading={ACTIVITY.heading} message={IDENTITY.ownersOnlyActivity}>
      <ActivityLog />
    </OwnersOnly>
  );
}
