import type { Notice } from '../stores/content-store.ts';

/**
 * A live region that is always in the page, so screen readers announce the success or error text that appears
 * in it after a save or delete.
 */
export function NoticeArea({ notice }: { notice: Notice }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {notice && (
        <p
          className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`}
          data-notice={notice.kind}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}
