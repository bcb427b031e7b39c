/**
 * Publishing under the deploy budget (issue 26), as the API answers it and the admin shows it: shared by the
 * server's deploy governor and the admin's Publishing screen and save feedback.
 */
import { API_PREFIX } from './constants.ts';

export const PUBLISHING_PATH = `${API_PREFIX}/publishing`;
export const PUBLISH_NOW_PATH = `${PUBLISHING_PATH}/publish-now`;

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
  /** False when no build hook is set: nothing is deployed by the product at all. */
  enabled: boolean;
  policy: PublishPolicy;
  /** The IST month counted, `YYYY-MM`. */
  month: string;
  budget: number;
  used: number;
  remaining: number;
  creditsPerDeploy: number;
  /** Credits this month's deploys cost (used × creditsPerDeploy); traffic is not counted here. */
  estimatedCredits: number;
  budgetCredits: number;
  /** `live`: edits deploy within about a minute; `tight`: they wait for a publish window; `budget-used`. */
  mode: 'live' | 'tight' | 'budget-used';
  /** When a change made now goes live. */
  live: LiveWhen;
  /** The publish window, `HH:MM` IST. */
  window: string;
  queued: QueuedChangeView[];
  lastDeploy: { at: string; reason: string; byName?: string } | null;
}
