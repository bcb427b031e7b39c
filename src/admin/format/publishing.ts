/**
 * When a saved change goes live, in staff words: the API says `soon` (pages render on demand and a save purges
 * them, docs/decisions.md §76).
 */
import type { LiveWhen } from '../../lib/publishing.ts';
import { PUBLISHING } from '../../lib/staff-messages.ts';

export function liveLine(live: LiveWhen): string {
  switch (live.when) {
    case 'soon':
      return PUBLISHING.liveSoon;
  }
}

/** The `live` of a write's answer, when it has one the admin understands. */
export function liveOf(body: unknown): LiveWhen | null {
  if (typeof body !== 'object' || body === null) return null;
  const live = (body as { live?: unknown }).live;
  if (typeof live !== 'object' || live === null) return null;
  const { when } = live as { when?: unknown };
  return when === 'soon' ? { when } : null;
}
