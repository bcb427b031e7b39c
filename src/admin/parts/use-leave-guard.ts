/**
 * Asks before a form with unsaved changes is left: the browser's own prompt on a reload, a closed tab
 * or a link out of the admin (`beforeunload`), and the admin's question on an in-app link or Back/Forward
 * (which the router would otherwise follow without a page unload). Signing in again after an expired session
 * is not asked about: the form's draft survives it.
 */
import { useEffect } from 'react';
import { EDITING } from '../../lib/staff-messages.ts';
import { ADMIN_BASE } from '../stores/router.ts';

/** A plain left click on a link the admin's router would follow inside the app. */
function inAppLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return null;
  if (link.target !== '' && link.target !== '_self') return null;
  const url = new URL(link.href, location.href);
  const inAdmin = url.pathname === ADMIN_BASE || url.pathname.startsWith(`${ADMIN_BASE}/`);
  if (url.origin !== location.origin || !inAdmin) return null;
  return url.pathname === location.pathname ? null : link;
}

/** The Navigation API's `navigate` event (where the browser has one): what this hook reads of it. */
interface NavigateEvent extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  readonly cancelable: boolean;
  readonly destination: { readonly sameDocument: boolean };
}

export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium shows its prompt only when returnValue is set.
      event.returnValue = '';
    };
    // Capturing on the document runs before the router's listener on <body>, which skips a cancelled click.
    const onClick = (event: MouseEvent) => {
      if (inAppLink(event) && !window.confirm(EDITING.leave)) event.preventDefault();
    };
    // Back/Forward inside the app: the router follows popstate, which comes too late to stop; the Navigation
    // API's event comes before it and can be cancelled. Elsewhere the kept draft is what saves the work.
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEvent;
      if (navigate.navigationType !== 'traverse' || !navigate.cancelable) return;
      if (!navigate.destination.sameDocument) return;
      if (!window.confirm(EDITING.leave)) navigate.preventDefault();
    };
    const navigation = (globalThis as { navigation?: EventTarget }).navigation;
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [dirty]);
}
