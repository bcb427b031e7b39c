import { useId, useState, type Ref } from 'react';
import { EDITING } from '../../lib/staff-messages.ts';

/** One field the two versions disagree on, each side as text. */
export interface ConflictRow {
  key: string;
  label: string;
  theirs: string | undefined;
  yours: string | undefined;
}

/**
 * A save that met a newer version: who saved it and when, the differences field by field on request,
 * and the two ways on: save over it, or take it and drop the changes. Content items and site settings meet the
 * same conflict, so staff see one panel; each screen only says which fields differ.
 */
export function ConflictPanel({
  ref,
  level,
  message,
  rows,
  working,
  onKeepMine,
  onTakeTheirs,
}: {
  ref?: Ref<HTMLElement>;
  /** 2 where the panel stands on its own on a screen (styled as a panel's title), 3 inside a form's panel. */
  level: 2 | 3;
  message: string;
  rows: readonly ConflictRow[];
  working: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const id = useId();
  const [reviewing, setReviewing] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      ref={ref}
      tabIndex={-1}
      className="alert alert-error conflict-panel"
      aria-labelledby={`${id}-title`}
    >
      <Heading id={`${id}-title`} className={level === 2 ? 'panel-title' : undefined}>
        {EDITING.conflictHeading}
      </Heading>
      <p>{message}</p>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-expanded={reviewing}
          aria-controls={`${id}-review`}
          onClick={() => setReviewing((open) => !open)}
        >
          {reviewing ? EDITING.conflictHideReview : EDITING.conflictReview}
        </button>
        <button type="button" className="btn btn-primary btn-small" disabled={working} onClick={onKeepMine}>
          {EDITING.conflictKeepMine}
        </button>
        <button type="button" className="btn btn-outline btn-small" disabled={working} onClick={onTakeTheirs}>
          {EDITING.conflictDiscardMine}
        </button>
      </div>
      <div id={`${id}-review`} hidden={!reviewing}>
        {rows.length === 0 ? (
          <p>{EDITING.conflictSame}</p>
        ) : (
          <table className="conflict-diff">
            <thead>
              <tr>
                <th scope="col">{EDITING.conflictField}</th>
                <th scope="col">{EDITING.conflictTheirs}</th>
                <th scope="col">{EDITING.conflictYours}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{row.theirs}</td>
                  <td>{row.yours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
