/**
 * Site settings: everything a visitor reads that is not a content item or a spec string — the pages' words, the
 * course pages' refund policy and the fees' UPI and GST details, the figures, the company's contact details, the
 * map, the certificate link and the footer line — as one stored singleton that staff edit in the admin. Described
 * once, by fields of the same kinds the content families use (setting-fields.ts): the API's input schema, the
 * stored schema the build validates with, the TypeScript type and the admin form are derived from them. Today's
 * values (site-config.ts, page-words.ts) are the seed: with nothing stored, the site looks as before.
 * Not for the public islands (it carries zod): pages read the settings at build time (src/layouts/site-settings.ts).
 */
import { z } from 'zod';
import { ABOUT_STATIC } from './constants.ts';
import { singletonInputSchemaOf, singletonValuesShapeOf, type SingletonValues } from './fields.ts';
import { PUBLIC } from './messages.ts';
import {
  ABOUT,
  CAREER,
  CONTACT_PAGE,
  COURSE_FEES_DEFAULTS,
  HOME_HERO,
  HOW_TO_APPLY,
  SECURITY_PAGE,
  SERVICES,
} from './page-words.ts';
import { StoredMetaSchema } from './schemas.ts';
import { SETTING_FIELDS } from './setting-fields.ts';
import { siteConfig } from './site-config.ts';

export { telHref } from './fields.ts';

/** The settings' values, by field name. */
export type SiteSettings = SingletonValues<(typeof SETTING_FIELDS)[number]>;

/** What `PUT /api/v1/settings` accepts: every setting, strict, trimmed and bounded. */
export const SiteSettingsInputSchema = singletonInputSchemaOf(SETTING_FIELDS) as z.ZodType<
  SiteSettings,
  unknown
>;
const valuesShape = singletonValuesShapeOf(SETTING_FIELDS);
/** The settings as stored and as the build reads them. */
export const SiteSettingsSchema = z.object(valuesShape) as unknown as z.ZodType<SiteSettings>;
/** The stored item (the singleton with the repository's metadata), as backups hold it. */
export const SiteSettingsItemSchema = StoredMetaSchema.extend(valuesShape);

/** Today's values: what the site showed before settings were stored, and what it shows while none are. */
export const SITE_SETTINGS_SEED: SiteSettings = {
  heroLine: HOME_HERO.line,
  heroServicesLabel: HOME_HERO.services,
  heroEnrollLabel: HOME_HERO.enroll,
  aboutDescription1:
    'We are a cybersecurity, web-development and training company. Our team finds and fixes weaknesses in networks and applications before attackers do, through penetration testing, vulnerability assessment and bug hunting.',
  // The page follows it with HOME.about.projectsDelivered(totalProjects).
  aboutDescription2:
    'We also build secure web applications, AI/ML and cloud solutions, and train the next generation of security professionals.',
  totalProjects: ABOUT_STATIC.totalProjects,
  happyCustomers: ABOUT_STATIC.happyCustomers,
  applyStep1Text: HOW_TO_APPLY.steps[0].text,
  applyStep2Text: HOW_TO_APPLY.steps[1].text,
  applyStep3Text: HOW_TO_APPLY.steps[2].text,
  aboutMissionHeading: ABOUT.missionHeading,
  aboutCard1Title: ABOUT.blurbs[0].title,
  aboutCard1Text: ABOUT.blurbs[0].text,
  aboutCard2Title: ABOUT.blurbs[1].title,
  aboutCard2Text: ABOUT.blurbs[1].text,
  aboutCard3Title: ABOUT.blurbs[2].title,
  aboutCard3Text: ABOUT.blurbs[2].text,
  aboutMissionTitle: ABOUT.missionCardTitle,
  aboutMissionText: ABOUT.missionCardText,
  aboutContactTitle: ABOUT.contactCardTitle,
  aboutContactText: ABOUT.contactCardText,
  servicesAudience1Text: SERVICES.audiences[0].text,
  servicesAudience2Text: SERVICES.audiences[1].text,
  servicesAudience3Text: SERVICES.audiences[2].text,
  servicesContentHeading: SERVICES.contentHeading,
  contactNumbersHeading: CONTACT_PAGE.numbersHeading,
  contactMapHeading: CONTACT_PAGE.mapHeading,
  contactHeading: CONTACT_PAGE.formHeading,
  contactIntro: CONTACT_PAGE.intro,
  careersHeading: CAREER.heading,
  careerApplyTo: siteConfig.email,
  // Empty: security.txt and the /security page use the company e-mail.
  securityContact: '',
  securityIntro: SECURITY_PAGE.intro,
  securityScope: SECURITY_PAGE.scope,
  securityReport: SECURITY_PAGE.report,
  securityPromise: SECURITY_PAGE.promise,
  securitySafeHarbour: SECURITY_PAGE.safeHarbour,
  bountyOffered: false,
  bountyText: '',
  refundPolicy: COURSE_FEES_DEFAULTS.refundPolicy,
  // No payment details are invented: the course pages offer UPI once staff enter them.
  upiVpa: '',
  upiPayeeName: '',
  upiMerchantCode: '',
  gstin: '',
  // None are claimed until staff enter them: the pages show the section only when some are listed.
  credentials: [],
  address: [...siteConfig.address],
  email: siteConfig.email,
  phone: siteConfig.phone,
  phoneSecondary: siteConfig.phoneSecondary,
  // No number is invented: the link appears once staff enter one (the demo seed carries a fictional one).
  whatsappNumber: '',
  ackContact: true,
  ackEnroll: true,
  ackAssessment: true,
  mapEmbedUrl: siteConfig.mapEmbedUrl,
  mapLinkUrl: siteConfig.mapLinkUrl,
  certificateUrl: siteConfig.certificateUrl,
  footerTagline: PUBLIC.footerTagline,
};

/** Where security reports go: the setting, else the company e-mail (security.txt's Contact, the /security page). */
export const securityContactOf = (settings: Pick<SiteSettings, 'securityContact' | 'email'>) =>
  settings.securityContact || `mailto:${settings.email}`;

/** The WhatsApp link's address: the number's digits and a message naming the page, or null with no number. */
export function whatsappHref(number: string, message: string): string | null {
  const digits = number.replace(/\D/g, '');
  return digits === '' ? null : `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/**
 * The settings to show from what the store holds (or null): stored values over the seed, so a setting added to
 * this list after the settings were saved shows its seed; anything unreadable shows the seed.
 */
export function resolveSettings(stored: unknown): SiteSettings {
  if (typeof stored !== 'object' || stored === null) return SITE_SETTINGS_SEED;
  const parsed = SiteSettingsSchema.safeParse(withSeedForAbsentSettings(stored as Record<string, unknown>));
  return parsed.success ? parsed.data : SITE_SETTINGS_SEED;
}

/**
 * A stored settings item (or one held by a backup) with every setting it lacks taken from the seed: settings
 * written before a field existed showed its seed, so that is its value. Everything else the item holds, its
 * metadata included, is kept as it is.
 */
export function withSeedForAbsentSettings<T extends Record<string, unknown>>(stored: T): T {
  const values: Record<string, unknown> = { ...stored };
  for (const field of SETTING_FIELDS)
    if (values[field.name] === undefined) values[field.name] = SITE_SETTINGS_SEED[field.name];
  return values as T;
}
