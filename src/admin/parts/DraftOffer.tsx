import { EDITING } from '../../lib/staff-messages.ts';
import { istDateTime } from '../format/ist.ts';

/**
 * What was typed and not saved before a reload or a trip to another screen, offered back. Content
 * items and site settings keep drafts alike, so staff meet one offer; the screen says what restoring means.
 */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="alert alert-info draft-offer" role="status">
      <p>{EDITING.draftKept(istDateTime(savedAt))}</p>
      <div className="form-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={onRestore}>
          {EDITING.draftRestore}
        </button>
        <button type="button" className="btn btn-outline btn-small" onClick={onDiscard}>
          {EDITING.draftDiscard}
        </button>
      </div>
    </div>
  );
}
