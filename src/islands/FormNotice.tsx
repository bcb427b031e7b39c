import { useEffect, useRef } from 'react';
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
 * label, and the live region announcing success or failure. The button is disabled while sending, which drops
 * its focus to the page: the result then takes the focus, unless a refused field already did.
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
  const result = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const focusLost = !active || active === document.body;
    if (state.phase === 'success' || (state.phase === 'error' && focusLost)) result.current?.focus();
  }, [state]);
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
          {(state.phase === 'success' || state.phase === 'error') && (
            <p ref={result} tabIndex={-1} className={`alert alert--${state.phase}`}>
              {state.message}
            </p>
          )}
        </div>
      </div>
    </>
  );
}
