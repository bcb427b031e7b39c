/** The admin frame (spec section 2): a sidebar with the nine screen links, a header with 'Admin' and Logout. */
import type { MouseEvent, ReactNode } from 'react';
import { SHELL } from '../admin-copy.ts';
import type { ScreenRoute } from '../stores/router.ts';
import { Header } from './Header.tsx';
import { Sidebar } from './Sidebar.tsx';

export function AdminShell({ current, children }: { current: ScreenRoute; children: ReactNode }) {
  return (
    <div className="admin-layout">
      <a className="skip-link" href="#admin-main" rel="external" onClick={focusMain}>
        {SHELL.skipToContent}
      </a>
      <Sidebar current={current} />
      <div className="admin-body">
        <Header />
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** The router handles same-origin links, so the skip link moves focus itself. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('admin-main')?.focus();
}
