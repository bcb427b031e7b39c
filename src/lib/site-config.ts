/**
 * Site settings the spec leaves open. Placeholders the company fills in; every field can be overridden at
 * build time through the PUBLIC_* environment variable named beside it. No real personal data here.
 * The company details among them (e-mail, phones, address, map, certificate link) are only the seed of the
 * stored Site settings (src/lib/site-settings.ts), which staff edit in the admin: pages read those.
 */
import { REQUEST_RETENTION_DAYS } from './constants.ts';

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
const pick = (name: string, fallback: string): string => {
  const value = env[name] ?? (typeof process !== 'undefined' ? process.env[name] : undefined);
  return value && value.trim() !== '' ? value : fallback;
};

export interface SiteConfig {
  /** Brand name; the wordmark shows `brandFirst` in white and `brandSecond` in the accent colour. */
  brandFirst: string;
  brandSecond: string;
  /** One-line description for search engines and link previews. */
  description: string;
  /** Company e-mail shown in the footer, on /about and in the Who Can JOIN section (PUBLIC_SITE_EMAIL). */
  email: string;
  /** Company phone, as dialled (PUBLIC_SITE_PHONE). */
  phone: string;
  /** A second contact number shown on /contact (PUBLIC_SITE_PHONE_2). */
  phoneSecondary: string;
  /** Postal address, one line per entry. */
  address: readonly string[];
  /**
   * Where the navbar's Certificate link goes (PUBLIC_CERTIFICATE_URL): this site's /verify, or an
   * external verification site.
   */
  certificateUrl: string;
  /** Map shown on /contact after a click (click-to-load facade): an embeddable map URL (PUBLIC_MAP_EMBED_URL). */
  mapEmbedUrl: string;
  /** Link to open the location in a maps app, shown before the map is loaded. */
  mapLinkUrl: string;
  /** Public site origin for canonical URLs and the sitemap (SITE_URL at build time). */
  siteUrl: string;
  /** Days contact and enrolment requests are kept (REQUEST_RETENTION_DAYS, read at build for the privacy policy). */
  requestRetentionDays: number;
}

export const siteConfig: SiteConfig = {
  brandFirst: pick('PUBLIC_BRAND_FIRST', 'Delta'),
  brandSecond: pick('PUBLIC_BRAND_SECOND', 'Secure'),
  description:
    'Cybersecurity, web application security, web development, AI/ML and cloud services, and hands-on training courses.',
  email: pick('PUBLIC_SITE_EMAIL', 'info@example.com'),
  phone: pick('PUBLIC_SITE_PHONE', '+91 90000 00000'),
  phoneSecondary: pick('PUBLIC_SITE_PHONE_2', '+91 90000 00001'),
  address: [
    pick('PUBLIC_SITE_ADDRESS_1', '2nd Floor, Example Tower'),
    pick('PUBLIC_SITE_ADDRESS_2', 'Pune, Maharashtra 411001, India'),
  ],
  certificateUrl: pick('PUBLIC_CERTIFICATE_URL', '/verify'),
  mapEmbedUrl: pick(
    'PUBLIC_MAP_EMBED_URL',
    'https://www.openstreetmap.org/export/embed.html?bbox=73.80%2C18.48%2C73.90%2C18.56&layer=mapnik',
  ),
  mapLinkUrl: pick('PUBLIC_MAP_LINK_URL', 'https://www.openstreetmap.org/#map=14/18.52/73.85'),
  siteUrl: pick('SITE_URL', 'http://localhost:8888'),
  requestRetentionDays: Number(pick('REQUEST_RETENTION_DAYS', String(REQUEST_RETENTION_DAYS))),
};

/**
 * Where an embedded map may come from: the pages' Content-Security-Policy allows these frames (astro.config.mjs),
 * and Site settings refuse a map address from anywhere else, so a saved map never shows as a blocked frame.
 */
export const MAP_EMBED_ORIGINS = [
  ...new Set([
    'https://www.openstreetmap.org',
    'https://www.google.com',
    'https://maps.google.com',
    new URL(siteConfig.mapEmbedUrl).origin,
  ]),
];

export const brandName = `${siteConfig.brandFirst}${siteConfig.brandSecond}`;

/** The public pages, in site-map order (the admin area is deliberately absent). */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/services',
  '/career',
  '/contact',
  '/enroll',
  '/privacy-policy',
  // The course catalogue; each course's page is added to the sitemap from the build's courses.
  '/courses',
  '/security',
  // Case studies; each study's page is added to the sitemap from the build's studies.
  '/case-studies',
  // Articles; each article's page, tag page and later list page is added to the sitemap from the build.
  '/articles',
] as const;
