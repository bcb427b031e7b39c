/**
 * When a production deploy may start (issue 26). Netlify's Free plan has 300 credits a month, a hard limit that
 * pauses every site of the team, and each production deploy costs 15 of them: so the product counts its deploys
 * per IST calendar month against DEPLOY_BUDGET_PER_MONTH and never starts one past it. Pure: the server's
 * governor (deploy-governor.ts) and the bench's month simulation (bench/credits.ts) decide with the same code.
 *
 * Policies (PUBLISH_POLICY):
 * - `paced` (default): an edit deploys at once (coalesced as before) while the month is within its pace, the
 *   budget spread evenly over its days: `used < ceil(budget × day-of-month ÷ days-in-month)`. Once that share is
 *   spent the month is "tight": changes are gathered into the daily publish window (PUBLISH_WINDOW_IST, 18:00),
 *   on the first day whose share allows one more deploy.
 * - `live`: every edit deploys at once (coalesced) until the budget is spent.
 * - `daily`: nothing deploys at once; each day's changes go out together at the publish window.
 * In every policy a spent budget stops deploys: changes stay queued until next month's first window, or until an
 * owner raises the budget.
 */
import { IST_OFFSET_MS } from '../../lib/ist.ts';
import { PUBLISH_POLICIES, type LiveWhen, type PublishPolicy } from '../../lib/publishing.ts';

export { PUBLISH_POLICIES, type LiveWhen, type PublishPolicy };

export interface PublishConfig {
  /** Production deploys the product may start per IST calendar month. */
  budget: number;
  policy: PublishPolicy;
  /** The daily publish window, in minutes after midnight IST. */
  windowMinutes: number;
}

/** What this month has spent, as the governor reads it from the store. */
export interface Spent {
  /** Deploys started this IST month. */
  used: number;
  /** When the last deploy started (epoch ms), or null. */
  lastDeployAt: number | null;
}

const DAY_MS = 86_400_000;

/** The IST calendar date of an instant. */
function istDate(ms: number) {
  const shifted = new Date(ms + IST_OFFSET_MS);
  const year = shifted.getUTCFullYear();
  const month = shifted.getUTCMonth();
  return {
    year,
    month,
    day: shifted.getUTCDate(),
    daysInMonth: new Date(Date.UTC(year, month + 1, 0)).getUTCDate(),
  };
}

/** The IST month an instant falls in, as `YYYY-MM`: the key the month's deploys are counted under. */
export function istMonth(ms: number): string {
  const { year, month } = istDate(ms);
  return `${year}-${String(month + 1).padStart(2, '0')}`;
}

/** Midnight IST starting the month after the one `ms` falls in. */
export function nextMonthStart(ms: number): number {
  const { year, month } = istDate(ms);
  return Date.UTC(year, month + 1, 1) - IST_OFFSET_MS;
}

/** The instant of the publish window on the IST day `ms` falls in. */
export function windowOf(config: PublishConfig, ms: number): number {
  const { year, month, day } = istDate(ms);
  return Date.UTC(year, month, day) - IST_OFFSET_MS + config.windowMinutes * 60_000;
}

/** Deploys the month may have started by the end of its IST day `day`: the budget spread evenly. */
export function paceShare(budget: number, day: number, daysInMonth: number): number {
  return Math.min(budget, Math.ceil((budget * day) / daysInMonth));
}

/**
 * May a deploy start at `now`: for an edit (`edit`: at once, coalesced) or for the queue (`window`: at or after
 * the day's publish window)?
 */
export function mayDeploy(
  config: PublishConfig,
  now: number,
  spent: Spent,
  kind: 'edit' | 'window',
): boolean {
  if (spent.used >= config.budget) return false;
  const windowToday = windowOf(config, now);
  switch (config.policy) {
    case 'live':
      return true;
    case 'daily':
      return kind === 'window' && now >= windowToday && (spent.lastDeployAt ?? 0) < windowToday;
    case 'paced': {
      const { day, daysInMonth } = istDate(now);
      const withinPace = spent.used < paceShare(config.budget, day, daysInMonth);
      return withinPace && (kind === 'edit' || now >= windowToday);
    }
  }
}

/** The month is "tight" when an edit can no longer deploy at once, but the budget is not spent. */
export function isTight(config: PublishConfig, now: number, spent: Spent): boolean {
  return spent.used < config.budget && !mayDeploy(config, now, spent, 'edit');
}

/**
 * The first publish window at or after `now` at which queued changes may go out, counting from this month's
 * spending (a new month starts from nothing); null when none comes within two months (a budget of 0).
 */
export function nextWindow(config: PublishConfig, now: number, spent: Spent): number | null {
  const month = istMonth(now);
  for (let offset = 0; offset <= 62; offset++) {
    const at = windowOf(config, now + offset * DAY_MS);
    if (at < now) continue;
    const spentThen = istMonth(at) === month ? spent : { used: 0, lastDeployAt: null };
    if (mayDeploy(config, at, spentThen, 'window')) return at;
  }
  return null;
}

/** When a change made at `now` goes live. */
export function liveWhen(config: PublishConfig, now: number, spent: Spent): LiveWhen {
  if (mayDeploy(config, now, spent, 'edit')) return { when: 'soon' };
  const at = nextWindow(config, now, spent);
  if (spent.used >= config.budget) {
    // The live policy has no window to wait for: the queue goes with next month's first tick.
    const next = config.policy === 'live' && config.budget > 0 ? nextMonthStart(now) : at;
    return { when: 'budget-used', at: next === null ? null : new Date(next).toISOString() };
  }
  // Within the budget a window always comes this month or on the next month's first day.
  return { when: 'window', at: new Date(at ?? now).toISOString() };
}

/** `HH:MM` (IST) → minutes after midnight; null for anything else. */
export function parseWindow(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Minutes after midnight → `HH:MM`. */
export const showWindow = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
