/**
 * Trash (a staff tool beyond the spec's nine sections): what was deleted in the last 30 days, with
 * its section, title, deletion time in IST and who deleted it, each with Restore and, for owners, Delete for good.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { WORKFLOW } from '../../lib/staff-messages.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';
import { istDateTime } from '../format/ist.ts';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { $me } from '../stores/session.ts';
import { createTrashStore, familyLabel } from '../stores/trash-store.ts';

export default function TrashScreen() {
  const store = useMemo(() => createTrashStore(), []);
  const list = useStore(store.$list);
  const notice = useStore(store.$notice);
  const restoring = useStore(store.$restoring);
  const purging = useStore(store.$purging);
  const owner = useStore($me)?.role === 'owner';
  const busy = restoring !== null || purging !== null;

  useEffect(() => {
    void store.load();
  }, [store]);

  let body;
  if (list.status === 'loading') body = <p className="alert alert-info">{FORM.loading}</p>;
  else if (list.status === 'error')
    body = <LoadFailed message={list.error} onRetry={() => void store.load()} />;
  else if (list.items.length === 0) body = <p className="alert alert-info">{WORKFLOW.trashEmpty}</p>;
  else
    body = (
      <ul className="item-list">
        {list.items.map((entry) => (
          <li key={`${entry.family}/${entry._id}`} className="item-card" data-item-id={entry._id}>
            <h3>{entry.title}</h3>
            <dl className="request-fields">
              <dt>{WORKFLOW_COPY.family}</dt>
              <dd>{familyLabel(entry.family)}</dd>
              <dt>{WORKFLOW_COPY.deletedAt}</dt>
              <dd>{istDateTime(entry.deletedAt)}</dd>
              {entry.deletedBy && (
                <>
                  <dt>{WORKFLOW_COPY.deletedBy}</dt>
                  <dd>{entry.deletedBy}</dd>
                </>
              )}
            </dl>
            <div className="item-actions">
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={busy}
                onClick={() => void store.restore(entry)}
              >
                {restoring === `${entry.family}/${entry._id}`
                  ? WORKFLOW_COPY.restoring
                  : WORKFLOW_COPY.restore}
                <span className="visually-hidden"> {entry.title}</span>
              </button>
              {owner && (
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={busy}
                  onClick={() => void store.purge(entry, (text) => window.confirm(text))}
                >
                  {purging === `${entry.family}/${entry._id}` ? WORKFLOW_COPY.purging : WORKFLOW_COPY.purge}
                  <span className="visually-hidden"> {entry.title}</span>
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {WORKFLOW_COPY.trashHeading}
      </h1>
      <p className="field-hint">{WORKFLOW_COPY.trashHint}</p>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {body}
    </section>
  );
}
