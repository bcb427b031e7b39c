import { SHELL } from '../admin-copy.ts';
import type { Notice } from '../stores/content-store.ts';

/**
 * A live region that is always in the page, so screen readers announce the success or error text that appears
 * in it after a save or delete. It is pinned to the bottom of the window (issue 10.8): on a long form or far down
 * a list the message appears where the person is looking, not above the top of the screen.
 */
export function NoticeArea({ notice, onDismiss }: { notice: Notice; onDismiss?: () => void }) {
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
