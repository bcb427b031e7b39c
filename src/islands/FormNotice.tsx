import { PRIVACY } from '../lib/public-copy.ts';

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
