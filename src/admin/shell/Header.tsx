import { useStore } from '@nanostores/react';
import { SHELL, TEAM } from '../admin-copy.ts';
import { $loggingOut, $me, signOut } from '../stores/session.ts';

/**
 * The spec's 'Admin' label and Logout, plus who is signed in (several people share the admin) and
 * a way back to the public site.
 */
export function Header() {
  const loggingOut = useStore($loggingOut);
  const me = useStore($me);
  return (
    <header className="admin-header">
      <span className="admin-header-label">{SHELL.headerLabel}</span>
      {me?.name && me.role && (
        <span className="admin-header-who" data-testid="header-signed-in-as">
          {SHELL.signedInAs(me.name, TEAM.roles[me.role])}
        </span>
      )}
      <div className="admin-header-actions">
        {/* rel=external keeps the admin's router from handling a link to the public site. */}
        <a className="btn btn-outline btn-small" href="/" target="_blank" rel="external noopener">
          {SHELL.viewSite}
          <span className="visually-hidden"> {SHELL.viewSiteHint}</span>
        </a>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void signOut()}
          disabled={loggingOut}
        >
          {loggingOut ? SHELL.loggingOut : SHELL.logout}
        </button>
      </div>
    </header>
  );
}
