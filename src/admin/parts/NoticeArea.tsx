import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { SUCCESS_NOTICE_MS } from '../../lib/constants.ts';
import { SHELL } from '../admin-copy.ts';
import type { Notice } from '../stores/content-store.ts';

/** A button offered beside a notice (Undo after a delete). */
export interface NoticeAction {
  label: string;
  run: () => void;
  disabled?: boolean;
}

/** The room the message takes at the bottom of the window; admin.css keeps scrolled-to controls above it. */
const NOTICE_SPACE = '--notice-space';

/** Scrolls the focused control out from under the message (scroll-padding-bottom leaves the message's room). */
function uncoverFocus(toast: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || toast.contains(focused) || focused === document.body) return;
  if (focused.getBoundingClientRect().bottom > toast.getBoundingClientRect().top)
    focused.scrollIntoView({ block: 'nearest' });
}

/**
 * A live region that is always in the page, so screen readers announce the success or error text that appears
 * in it after a save or delete. It is pinned to the bottom of the window: on a long form or far down
 * a list the message appears where the person is looking, not above the top of the screen. The notice's text
 * stays the spec's own; an action is a separate button beside it.
 *
 * A success closes itself after SUCCESS_NOTICE_MS (not while it offers an action such as Undo, nor
 * while hovered or focused); an error stays until dismissed or replaced. While a message shows, the control with
 * the focus is kept above it, and anything scrolled into view stops short of it, so it never covers the buttons
 * being used.
 */
export function NoticeArea({
  notice,
  onDismiss,
  action,
}: {
  notice: Notice;
  onDismiss?: () => void;
  action?: NoticeAction | null;
}) {
  const toast = useRef<HTMLDivElement>(null);
  // Which notice the pointer or focus is holding open: a newer notice starts its own clock.
  const [heldNotice, setHeldNotice] = useState<Notice>(null);
  const held = notice !== null && heldNotice === notice;
  const dismiss = useEffectEvent(() => onDismiss?.());
  const autoCloses = notice?.kind === 'success' && !action && Boolean(onDismiss);

  useEffect(() => {
    if (!autoCloses || held) return;
    const timer = setTimeout(dismiss, SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, autoCloses, held]);

  useLayoutEffect(() => {
    const element = toast.current;
    const root = document.documentElement;
    if (!element) return;
    const reserve = () => {
      const { top } = element.getBoundingClientRect();
      root.style.setProperty(NOTICE_SPACE, `${Math.max(0, window.innerHeight - top)}px`);
    };
    reserve();
    uncoverFocus(element);
    const onFocus = () => uncoverFocus(element);
    const resized = new ResizeObserver(reserve);
    resized.observe(element);
    document.addEventListener('focusin', onFocus);
    window.addEventListener('resize', reserve);
    return () => {
      resized.disconnect();
      document.removeEventListener('focusin', onFocus);
      window.removeEventListener('resize', reserve);
      root.style.removeProperty(NOTICE_SPACE);
    };
  }, [notice]);

  return (
    <div className="notice-region" aria-live="polite" aria-atomic="true">
      {notice && (
        <div
          ref={toast}
          className="notice-toast"
          onPointerEnter={() => setHeldNotice(notice)}
          onPointerLeave={() => setHeldNotice(null)}
          onFocus={() => setHeldNotice(notice)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHeldNotice(null);
          }}
        >
          <div className={`alert ${notice.kind === 'success' ? 'alert-success' : 'alert-error'}`}>
            <p data-notice={notice.kind}>{notice.text}</p>
            {notice.detail && <p className="notice-detail">{notice.detail}</p>}
          </div>
          {action && (
            <button
              type="button"
              className="btn btn-outline btn-small notice-action"
              disabled={action.disabled}
              onClick={action.run}
            >
              {action.label}
            </button>
          )}
          {onDismiss && (
            <button type="button" className="notice-dismiss" aria-label={SHELL.dismiss} onClick={onDismiss}>
              ×
            </button>
          )}
        </div>
      )}
    </div>
  );
}
