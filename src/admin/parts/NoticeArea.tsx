import { SHELL } from '../admin-copy.ts';
import type { Notice } from '../stores/content-store.ts';

/** A button offered beside a notice (Undo after a delete, issue 12). */
export interface NoticeAction {
  label: string;
  run: () => void;
  disabled?: boolean;
}

/**
 * A live region that is always in the page, so screen readers announce the success or error text that appears
 * in it after a save or delete. It is pinned to the bottom of the window (issue 10.8): on a long form or far down
 * a list the message appears where the person is looking, not above the top of the screen. The notice's text
 * stays the spec's own; an action is a separate button beside it.
 */
export function NoticeArea({
  notice,
  onDismiss,
  action,
}: {
  notice: Notice;
  onDismiss?: () => void;
  action?: NoticeAction | null;
}) {
  return (
    <div className="notice-region" aria-live="polite" aria-atomic="true">
      {notice && (
        <div className="notice-toast">
          <p
            className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`}
            data-notice={notice.kind}
          >
            {notice.text}
          </p>
          {action && (
            <button
              type="button"
              className="btn btn-outline btn-small notice-action"
              disabled={action.disabled}
              onClick={action.run}
            >
              {action.label}
            </button>
          )}
          {onDismiss && (
            <button type="button" className="notice-dismiss" aria-label={SHELL.dismiss} onClick={onDismiss}>
              ×
            </button>
          )}
        </div>
      )}
    </div>
  );
}
