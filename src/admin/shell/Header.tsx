import { useStore } from '@nanostores/react';
import { SHELL } from '../admin-copy.ts';
import { $loggingOut, signOut } from '../stores/session.ts';

export function Header() {
  const loggingOut = useStore($loggingOut);
  return (
    <header className="admin-header">
      <span className="admin-header-label">{SHELL.headerLabel}</span>
      <button type="button" className="btn btn-outline" onClick={() => void signOut()} disabled={loggingOut}>
        {loggingOut ? SHELL.loggingOut : SHELL.logout}
      </button>
    </header>
  );
}
