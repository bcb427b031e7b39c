/**
 * Scheduled (a staff tool): what will go live or leave the public site by itself, and when (IST),
 * across every content family, with Edit (the item in its screen) and Cancel.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { formatIst } from '../../lib/ist.ts';
import { familyLabel } from '../../families/index.ts';
import { SCHEDULE } from '../../lib/staff-messages.ts';
import { FORM } from '../admin-copy.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createScheduledStore, editHref, entryKey } from '../stores/scheduled-store.ts';

export default function ScheduledScreen() {
  const store = useMemo(() => createScheduledStore(), []);
  const list = useStore(store.$list);
  const notice = useStore(store.$notice);
  const cancelling = useStore(store.$cancelling);

  useEffect(() => {
    void store.load();
  }, [store]);

  let body;
  if (list.status === 'loading') body = <p className="alert alert-info">{FORM.loading}</p>;
  else if (list.status === 'error')
    body = <LoadFailed message={list.error} onRetry={() => void store.load()} />;
  else if (list.items.length === 0) body = <p className="alert alert-info">{SCHEDULE.empty}</p>;
  else
    body = (
      <ul className="item-list">
        {list.items.map((entry) => {
          const key = entryKey(entry);
          const href = editHref(entry);
          return (
            <li key={key} className="item-card" data-item-id={entry.id} data-change={entry.change}>
              <h3>{entry.title}</h3>
              <dl className="request-fields">
                <dt>{SCHEDULE.family}</dt>
                <dd>{familyLabel(entry.family)}</dd>
                <dt>{SCHEDULE.change[entry.change]}</dt>
                <dd>{formatIst(entry.at)}</dd>
              </dl>
              <div className="item-actions">
                {href && (
                  <a className="btn btn-outline btn-small" href={href}>
                    {SCHEDULE.edit}
                    <span className="visually-hidden"> {entry.title}</span>
                  </a>
                )}
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={cancelling !== null}
                  onClick={() => void store.cancel(entry, (text) => window.confirm(text))}
                >
                  {cancelling === key ? SCHEDULE.cancelling : SCHEDULE.cancel}
                  <span className="visually-hidden">
                    {' '}
                    {SCHEDULE.changeWord[entry.change]} {entry.title}
                  </span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {SCHEDULE.heading}
      </h1>
      <p className="field-hint">{SCHEDULE.hint}</p>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {body}
    </section>
  );
}
