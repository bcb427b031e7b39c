import { HONEYPOT_FIELD } from '../lib/constants.ts';
import { PRIVACY } from '../lib/public-copy.ts';
import type { SubmitState } from './use-submit.ts';

/** The one-line privacy notice under both forms. */
export function FormNotice() {
  return (
    <p className="form-notice">
      {PRIVACY.notice} <a href="/privacy-policy">{PRIVACY.link}</a>.
    </p>
  );
}

/** A field only bots fill in: off-screen, out of the tab order and hidden from assistive technology. */
export function Honeypot({ name }: { name: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/**
 * The end both public forms share: the honeypot, the privacy notice, the submit button with its processing
 * label, and the live region announcing success or failure.
 */
export function FormFooter({
  state,
  idleLabel,
  busyLabel,
}: {
  state: SubmitState;
  idleLabel: string;
  busyLabel: string;
}) {
  const submitting = state.phase === 'submitting';
  return (
    <>
      <Honeypot name={HONEYPOT_FIELD} />
      <FormNotice />
      {/* The result sits beside the button (below it on a narrow screen), where the eye already is. */}
      <div className="form-actions">
        <button type="submit" className="btn" disabled={submitting}>
          {submitting ? busyLabel : idleLabel}
        </button>
        <div className="form-result" aria-live="polite">
          {state.phase === 'success' && <p className="alert alert--success">{state.message}</p>}
          {state.phase === 'error' && <p className="alert alert--error">{state.message}</p>}
        </div>
      </div>
    </>
  );
}
