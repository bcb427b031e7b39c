/**
 * Publishing, as the API answers it and the admin shows it (the Publishing screen and the line after a save). Pages
 * render on demand and a save purges them, so an edit is live within seconds and needs no deploy; production
 * deploys come from git, for code only (docs/decisions.md §69 and §76).
 */
import { API_PREFIX } from './constants.ts';

export const PUBLISHING_PATH = `${API_PREFIX}/publishing`;

/** Netlify's Free plan (credit-based): what a production deploy costs and what a month holds. */
export const CREDITS_PER_DEPLOY = 15;
export const FREE_PLAN_CREDITS = 300;

export const PUBLISH_POLICIES = ['paced', 'live', 'daily'] as const;
export type PublishPolicy = (typeof PUBLISH_POLICIES)[number];

/** When a change goes live: in about a minute, at a publish window, or once the budget allows (next month). */
export type LiveWhen =
  { when: 'soon' } | { when: 'window'; at: string } | { when: 'budget-used'; at: string | null };

export interface QueuedChangeView {
  id: string;
  family: string;
  itemId?: string;
  title?: string;
  byName?: string;
  at: string;
}

export interface PublishingStatus {
  /** The IST month counted, `YYYY-MM`. */
  month: string;
  /** Production deploys the site itself started this month: none, since content needs no build. */
  used: number;
  creditsPerDeploy: number;
  /** When a change made now goes live. */
  live: LiveWhen;
  /** Changes still waiting for a deploy (none: nothing queues one any more). */
  queued: QueuedChangeView[];
}
