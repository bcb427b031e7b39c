import { FORM } from '../admin-copy.ts';

/** A list or summary that could not be loaded: the reason, announced, and a way to try again in place. */
export function LoadFailed({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="alert alert-error alert-row" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
        {FORM.retry}
      </button>
    </div>
  );
}
