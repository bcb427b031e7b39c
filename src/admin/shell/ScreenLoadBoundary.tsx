import { Component, type ReactNode } from 'react';
import { SHELL } from '../admin-copy.ts';

/**
 * Each screen's code is fetched when it is first opened. When that fetch fails (a phone's dropped connection, or a
 * deploy since the admin was opened, which takes the old chunks away), React has nothing to render, and without a
 * boundary it unmounts the whole admin: a blank page with no word of why. This says so where the screen would be,
 * leaves the navigation working, and offers the reload that fetches the current code. React caches a failed lazy
 * import, so opening the same screen again fails the same way until the page is reloaded.
 */
export class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="alert alert-error" role="alert">
        <p>{SHELL.screenLoadFailed}</p>
        <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
          {SHELL.reload}
        </button>
      </div>
    );
  }
}
