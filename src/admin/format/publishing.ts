/**
 * When a saved change goes live, in staff words (issue 26): the API says `soon`, a publish window's time, or that
 * the budget is used up; this words it in IST, "today" when the window is today.
 */
import type { LiveWhen } from '../../lib/publishing.ts';
import { utcToIstDay, utcToIstDayTime } from '../../lib/ist.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';

const DAY = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** '18:00' of an instant, in IST. */
const istTime = (iso: string) => utcToIstDayTime(iso).slice(11, 16);

/** An IST instant as "18:00 IST today" or "Thu 27 Nov, 18:00 IST". */
export function istWhen(iso: string, now: Date = new Date()): string {
  return utcToIstDay(iso) === utcToIstDay(now.toISOString())
    ? `${istTime(iso)} IST today`
    : `${DAY.format(new Date(iso))}, ${istTime(iso)} IST`;
}

export function liveLine(live: LiveWhen, now: Date = new Date()): string {
  switch (live.when) {
    case 'soon':
      return PUBLISHING.liveSoon;
    case 'window':
      return utcToIstDay(live.at) === utcToIstDay(now.toISOString())
        ? PUBLISHING.liveToday(istTime(live.at))
        : PUBLISHING.liveOn(DAY.format(new Date(live.at)), istTime(live.at));
    case 'budget-used':
      return PUBLISHING.budgetUsed(live.at ? istWhen(live.at, now) : null);
  }
}

/** The `live` of a write's answer, when it has one the admin understands. */
export function liveOf(body: unknown): LiveWhen | null {
  if (typeof body !== 'object' || body === null) return null;
  const live = (body as { live?: unknown }).live;
  if (typeof live !== 'object' || live === null) return null;
  const { when, at } = live as { when?: unknown; at?: unknown };
  if (when === 'soon') return { when };
  if (when === 'window' && typeof at === 'string') return { when, at };
  if (when === 'budget-used' && (typeof at === 'string' || at === null)) return { when, at };
  return null;
}
