/**
 * The site settings as the pages read them when they render (src/content-order.ts): pages, the footer, the navbar
 * and the JSON-LD take their company details, About text and figures from here, so a save in the admin reaches
 * them as soon as it purges the pages' `siteSettings` tag, and no page ships code to fetch them.
 */
import { storedSiteSettings } from '../content-order.ts';
import type { SiteSettings } from '../lib/site-settings.ts';

export function siteSettings(): Promise<SiteSettings> {
  return storedSiteSettings();
}
