/**
 * The site settings as the pages read them at build time (the `siteSettings` collection of content.config.ts):
 * pages, the footer, the navbar and the JSON-LD take their company details, About text and figures from here,
 * so a save in the admin reaches them with the rebuild it triggers, and no page ships code to fetch them.
 */
import { getEntry } from 'astro:content';
import { settingsFamily } from '../lib/collections.ts';
import { SITE_SETTINGS_SEED, type SiteSettings } from '../lib/site-settings.ts';

export async function siteSettings(): Promise<SiteSettings> {
  return (
    ((await getEntry('siteSettings', settingsFamily.key))?.data as SiteSettings | undefined) ??
    SITE_SETTINGS_SEED
  );
}
