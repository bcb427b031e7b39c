/**
 * The editor of a request's note: its length counted against the limit, saved with the button, Escape to cancel.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../lib/enquiries.ts';
import { FORM, REQUESTS } from '../../admin-copy.ts';
import { FieldError } from '../../parts/FieldError.tsx';

export function NoteEditor({
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
