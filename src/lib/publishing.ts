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

/** When a change goes live: within seconds, as the purge makes the next view render it. */
export type LiveWhen = { when: 'soon' };

export interface PublishingStatus {
  creditsPerDeploy: number;
  /** When a change made now goes live. */
  live: LiveWhen;
}
