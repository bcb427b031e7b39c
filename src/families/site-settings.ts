/**
 * Site settings: one item with a history; its fields are listed in src/lib/setting-fields.ts, its type, schemas and
 * seed are in src/lib/site-settings.ts.
 */
import { FAMILY_NOUNS } from '../lib/staff-messages.ts';
import type { SingletonDefinition } from './define.ts';

export const family = {
  key: 'siteSettings',
  kind: 'singleton',
  storage: 'item',
  // Not its key: the settings are one thing, not a list.
  segment: 'settings',
  name: FAMILY_NOUNS.siteSettings,
  admin: { route: 'siteSettings', path: 'site-settings', label: 'Site settings', group: 'tool' },
} as const satisfies SingletonDefinition<'siteSettings'>;
