/**
 * A notice that clears itself after a while (spec section 9: the stats banners and the enrollable-course
 * success notice clear after 3 s). A newer notice replaces an older one and restarts the clock.
 */
import { atom } from 'nanostores';
import type { Notice } from './content-store.ts';

export function createTimedNotice() {
  const $notice = atom<Notice>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;

  function show(notice: NonNullable<Notice>, clearAfterMs: number | null): void {
    clearTimeout(timer);
    $notice.set(notice);
    if (clearAfterMs !== null) timer = setTimeout(() => $notice.set(null), clearAfterMs);
  }

  function clear(): void {
    clearTimeout(timer);
    $notice.set(null);
  }

  return { $notice, show, clear };
}
