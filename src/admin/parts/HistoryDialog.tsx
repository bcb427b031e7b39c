/**
 * An item's history: its last saved versions, newest first, each with when (IST) and by whom it was
 * saved, what it said differently from the current version, and Restore. A modal <dialog>: the browser keeps
 * focus inside and Escape closes it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ContentItem } from '../../lib/collections.ts';
import { WORKFLOW } from '../../lib/staff-messages.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';
import type { ContentScreenConfig } from '../content-screens.ts';
import { istDateTime } from '../format/ist.ts';
import { failureText } from '../api/admin-api.ts';
import type { ContentStore, Revision } from '../stores/content-store.ts';
import { changesFrom } from '../stores/revision-diff.ts';

type HistoryState =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; revisions: Revision[] };

export function HistoryDialog({
  config,
  store,
  item,
  onClose,
}: {
  config: ContentScreenConfig;
  store: ContentStore;
  /** The item as the list has it now (what "changed" is measured against). */
  item: ContentItem;
  onClose: () => void;
}) {
  const { family } = config;
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = useStore(store.$busy);
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const title = typeof item[family.titleField] === 'string' ? (item[family.titleField] as string) : '';

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  useEffect(() => {
    let current = true;
    store.revisions(item._id).then(
      (revisions) => current && setState({ status: 'ready', revisions }),
      (error: unknown) =>
        current && setState({ status: 'error', error: failureText(error, WORKFLOW.historyFailed) }),
    );
    return () => {
      current = false;
    };
  }, [store, item._id]);

  async function restore(rev: string) {
    if (await store.restoreRevision(item._id, rev)) onClose();
  }

  let body;
  if (state.status === 'loading') body = <p role="status">{FORM.loading}</p>;
  else if (state.status === 'error')
    body = (
      <p className="alert alert-error" role="alert">
        {state.error}
      </p>
    );
  else if (state.revisions.length === 0) body = <p>{WORKFLOW.historyEmpty}</p>;
  else
    body = (
      <ol className="history-list">
        {state.revisions.map((revision) => {
          const changes = changesFrom(family, item, revision.data);
          const when = istDateTime(revision.savedAt);
          return (
            <li key={revision.rev} className="history-entry">
              <p className="history-when">
                {WORKFLOW_COPY.savedAt(when)}
                {typeof revision.savedBy === 'string' && ` ${WORKFLOW_COPY.savedBy(revision.savedBy)}`}
              </p>
              {changes.length === 0 ? (
                <p className="field-hint">{WORKFLOW_COPY.currentVersion}</p>
              ) : (
                <>
                  <p className="field-hint">{WORKFLOW_COPY.differsIn}</p>
                  <dl className="history-changes">
                    {changes.map((change) => (
                      <div key={change.label}>
                        <dt>{change.label}</dt>
                        <dd>{change.old}</dd>
                      </div>
                    ))}
                  </dl>
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    disabled={busy !== null}
                    onClick={() => void restore(revision.rev)}
                  >
                    {WORKFLOW_COPY.restore}
                    <span className="visually-hidden"> {WORKFLOW_COPY.savedAt(when)}</span>
                  </button>
                </>
              )}
            </li>
          );
        })}
      </ol>
    );

  return (
    <dialog
      ref={dialog}
      className="history-dialog"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="history-head">
        <h2 id={`${id}-title`} className="panel-title">
          {WORKFLOW_COPY.historyTitle(title)}
        </h2>
        <button type="button" className="btn btn-outline btn-small" onClick={onClose}>
          {WORKFLOW_COPY.close}
        </button>
      </div>
      {body}
    </dialog>
  );
}
