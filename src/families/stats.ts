/**
 * The stats: one document, the figure the home page shows (spec section 2).
 */
import { FAMILY_NOUNS } from '../lib/staff-messages.ts';
import type { SingletonDefinition } from './define.ts';

export const family = {
  key: 'stats',
  kind: 'singleton',
  storage: 'document',
  name: FAMILY_NOUNS.stats,
  admin: { route: 'stats', path: 'stats', label: 'Stats', group: 'section' },
} as const satisfies SingletonDefinition<'stats'>;
