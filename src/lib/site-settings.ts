/**
 * Site settings (issue 12.7): everything a visitor reads that is not a content item or a spec string — the home
 * page's hero line and About text, the /about page, the Contact page's intro, the Careers page's heading and
 * default way to apply, the course pages' refund policy and the fees' UPI and GST details, the figures, the
 * company's contact details, the map, the certificate link and the footer line (issue 21) — as one stored
 * singleton that staff edit in the admin. Described once, by fields of the same kinds the content families use
 * (src/lib/fields.ts, issue 20): the API's input schema, the stored schema the build validates with, the
 * TypeScript type and the admin form are derived from them. Each field also names its group (the form's section).
 * Today's values (site-config.ts, page-words.ts) are the seed: with nothing stored, the site looks as before.
 * Not for the public islands (it carries zod): pages read the settings at build time (src/layouts/site-settings.ts).
 */
import { z } from 'zod';
import { ABOUT_STATIC, MAX_LENGTH } from './constants.ts';
import {
  booleanField,
  emailField,
  groupField,
  integerField,
  linesField,
  markdownField,
  phoneField,
  singletonInputSchemaOf,
  singletonValuesShapeOf,
  textField,
  urlField,
  type SingletonValues,
  type TextField,
  type ValueField,
} from './fields.ts';
import { PUBLIC } from './messages.ts';
import { VALIDATION } from './api-messages.ts';
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
import { MAP_EMBED_ORIGINS, siteConfig } from './site-config.ts';
import { ACK_SETTINGS, COURSE_SETTINGS, SETTINGS, TRUST_SETTINGS } from './staff-messages.ts';

export { telHref } from './fields.ts';

/**
 * The admin form's sections, in order: one per public page whose words they hold, then what several pages share.
 * Each label names its page too, since a label is read without its section.
 */
export const SETTING_GROUPS = [
  'home',
  'aboutPage',
  'servicesPage',
  'contactPage',
  'careersPage',
  'securityPage',
  'courses',
  'credentials',
  'contact',
  'acknowledgements',
  'map',
  'site',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** A setting: a field of one of the kinds, in a section of the form, with its hint (or null). */
export type SettingField = ValueField & { group: SettingGroup; hint: string | null };

const URL_MAX = 2_000;
const COUNT_MAX = 1_000_000;
/** A button's words. */
const LABEL_MAX = 60;
/** A UPI ID and the payee's name are short; a GSTIN is exactly 15 characters. */
const UPI_MAX = 100;
const GSTIN_LENGTH = 15;
/** A merchant category code is four digits. */
const MCC_LENGTH = 4;

/** The settings say "… is required" and "Must be at most N characters", as they did before the kinds. */
const tooLong = (max: number) => VALIDATION.tooLong(max);

/** A field of the settings: its group, and its hint (null when none). */
const inGroup = <const F extends ValueField, const G extends SettingGroup>(group: G, field: F) => ({
  ...field,
  group,
  hint: field.hint ?? null,
});

/** Words of a page: one line (`text`) or several (`textarea`), required unless `optional`. */
function words<const N extends string, const G extends SettingGroup>(
  group: G,
  name: N,
  label: string,
  options: {
    kind?: TextField['kind'];
    max?: number;
    hint?: string;
    optional?: boolean;
    format?: TextField['format'];
  } = {},
) {
  const { kind = 'text', max = MAX_LENGTH.title, hint, optional = false, format } = options;
  return inGroup(
    group,
    textField(name, {
      kind,
      label,
      max,
      hint: hint ?? null,
      required: optional ? null : SETTINGS.required(label),
      ...(format ? { format } : {}),
    }),
  );
}

/** A figure the home page shows. */
const count = <const N extends string>(name: N, label: string, hint: string) =>
  inGroup(
    'home',
    integerField(name, {
      label,
      hint,
      required: SETTINGS.countInvalid,
      min: 0,
      max: COUNT_MAX,
      jsonOnly: true,
      reasons: { invalid: SETTINGS.countInvalid },
    }),
  );

const phone = <const N extends string>(name: N, label: string, hint: string, optional: boolean) =>
  inGroup(
    'contact',
    phoneField(name, {
      label,
      hint,
      required: optional ? null : VALIDATION.phoneRequired,
      max: MAX_LENGTH.phone,
      reasons: { invalid: VALIDATION.phoneInvalid, tooLong: tooLong(MAX_LENGTH.phone) },
    }),
  );

const link = <const N extends string, const G extends SettingGroup>(
  group: G,
  name: N,
  label: string,
  hint: string,
  origins?: readonly string[],
) =>
  inGroup(
    group,
    urlField(name, {
      label,
      hint,
      required: SETTINGS.required(label),
      max: URL_MAX,
      reasons: { invalid: SETTINGS.urlInvalid, tooLong: tooLong(URL_MAX) },
      ...(origins ? { origins, originReason: SETTINGS.mapOriginInvalid(origins.join(', ')) } : {}),
    }),
  );

/** The home page's HOW TO APPLY steps (their titles, like the heading, are the spec's). */
const step = <const N extends string>(name: N, label: string) =>
  words('home', name, `Home page: HOW TO APPLY, ${label}`, { kind: 'textarea', max: MAX_LENGTH.title * 2 });

/** The /services page's words around its content (the audiences' names, like the headings, are the spec's). */
const servicesPage = <const N extends string>(name: N, label: string, kind: TextField['kind']) =>
  words('servicesPage', name, `Services page: ${label}`, {
    kind,
    max: kind === 'text' ? MAX_LENGTH.title : MAX_LENGTH.title * 2,
  });

/** The /about page: card titles are one line, card texts several. */
const aboutPage = <const N extends string>(name: N, label: string, max: number = MAX_LENGTH.title) =>
  words('aboutPage', name, label, { kind: max === MAX_LENGTH.description ? 'textarea' : 'text', max });

/** The /security page's words (issue 25): each label names the page. */
const securityPage = <const N extends string>(name: N, label: string) =>
  words('securityPage', name, `Security page: ${label}`, { kind: 'textarea', max: MAX_LENGTH.description });

/** An E.164 number: a country code and up to 15 digits. */
const E164_MAX = 20;
const CREDENTIALS_MAX = 12;

export const SETTING_FIELDS = [
  words('home', 'heroLine', 'Home page: line under the slideshow', {
    hint: 'Shown with the two buttons below the slideshow.',
  }),
  words('home', 'heroServicesLabel', 'Home page: button to Services', { max: LABEL_MAX }),
  words('home', 'heroEnrollLabel', 'Home page: button to Enroll', { max: LABEL_MAX }),
  words('home', 'aboutDescription1', 'Home page About section, first paragraph', {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: 'The About section of the home page (the About page has its own texts below).',
  }),
  words('home', 'aboutDescription2', 'Home page About section, second paragraph', {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: 'Followed on the page by "N+ projects delivered so far."',
  }),
  count(
    'totalProjects',
    'Projects delivered',
    'The N of "N+ projects delivered so far." in the home page About section.',
  ),
  count('happyCustomers', 'Happy customers', 'The "Happy Customers" counter of the home page.'),
  step('applyStep1Text', `step 1 (${HOW_TO_APPLY.steps[0].title})`),
  step('applyStep2Text', `step 2 (${HOW_TO_APPLY.steps[1].title})`),
  step('applyStep3Text', `step 3 (${HOW_TO_APPLY.steps[2].title})`),
  // The /about page, top to bottom: the mission heading, its three cards, then the mission and contact cards.
  aboutPage('aboutMissionHeading', 'About page: heading'),
  aboutPage('aboutCard1Title', 'About page: first card, title'),
  aboutPage('aboutCard1Text', 'About page: first card, text', MAX_LENGTH.description),
  aboutPage('aboutCard2Title', 'About page: second card, title'),
  aboutPage('aboutCard2Text', 'About page: second card, text', MAX_LENGTH.description),
  aboutPage('aboutCard3Title', 'About page: third card, title'),
  aboutPage('aboutCard3Text', 'About page: third card, text', MAX_LENGTH.description),
  aboutPage('aboutMissionTitle', 'About page: mission card, title'),
  aboutPage('aboutMissionText', 'About page: mission card, text', MAX_LENGTH.description),
  aboutPage('aboutContactTitle', 'About page: contact card, title'),
  aboutPage('aboutContactText', 'About page: contact card, text (the phone and e-mail follow it)'),
  servicesPage('servicesAudience1Text', `${SERVICES.audiences[0].title}, text`, 'textarea'),
  servicesPage('servicesAudience2Text', `${SERVICES.audiences[1].title}, text`, 'textarea'),
  servicesPage('servicesAudience3Text', `${SERVICES.audiences[2].title}, text`, 'textarea'),
  servicesPage('servicesContentHeading', 'heading above the services in detail', 'text'),
  words('contactPage', 'contactNumbersHeading', 'Contact page: heading above the numbers'),
  words('contactPage', 'contactHeading', 'Contact page: form heading'),
  words('contactPage', 'contactIntro', 'Contact page: text above the form', {
    kind: 'textarea',
    max: MAX_LENGTH.title * 2,
    hint: 'Leave empty for none.',
    optional: true,
  }),
  words('contactPage', 'contactMapHeading', 'Contact page: heading above the map'),
  words('careersPage', 'careersHeading', 'Careers page: heading'),
  words('careersPage', 'careerApplyTo', 'Careers page: how to apply', {
    max: URL_MAX,
    format: 'applyTo',
    hint: "An e-mail address or a web address starting with https://. Each career's Apply button uses it, unless the career names its own.",
  }),
  inGroup(
    'securityPage',
    textField('securityContact', {
      label: TRUST_SETTINGS.securityContactLabel,
      hint: TRUST_SETTINGS.securityContactHint,
      required: null,
      max: URL_MAX,
      format: 'contactUri',
    }),
  ),
  securityPage('securityIntro', 'introduction'),
  securityPage('securityScope', 'scope'),
  securityPage('securityReport', 'how to report'),
  securityPage('securityPromise', 'what we promise'),
  securityPage('securitySafeHarbour', 'safe harbour'),
  inGroup(
    'securityPage',
    booleanField('bountyOffered', {
      label: TRUST_SETTINGS.bountyOfferedLabel,
      hint: TRUST_SETTINGS.bountyOfferedHint,
    }),
  ),
  words('securityPage', 'bountyText', TRUST_SETTINGS.bountyTextLabel, {
    kind: 'textarea',
    max: MAX_LENGTH.description,
    hint: TRUST_SETTINGS.bountyTextHint,
    optional: true,
  }),
  inGroup(
    'courses',
    markdownField('refundPolicy', {
      label: COURSE_SETTINGS.refundPolicyLabel,
      hint: COURSE_SETTINGS.refundPolicyHint,
      required: null,
      max: MAX_LENGTH.description,
    }),
  ),
  words('courses', 'upiVpa', COURSE_SETTINGS.upiVpaLabel, {
    max: UPI_MAX,
    format: 'upiVpa',
    hint: COURSE_SETTINGS.upiVpaHint,
    optional: true,
  }),
  words('courses', 'upiPayeeName', COURSE_SETTINGS.upiPayeeNameLabel, {
    max: UPI_MAX,
    hint: COURSE_SETTINGS.upiPayeeNameHint,
    optional: true,
  }),
  words('courses', 'upiMerchantCode', COURSE_SETTINGS.upiMerchantCodeLabel, {
    max: MCC_LENGTH,
    format: 'mcc',
    hint: COURSE_SETTINGS.upiMerchantCodeHint,
    optional: true,
  }),
  words('courses', 'gstin', COURSE_SETTINGS.gstinLabel, {
    max: GSTIN_LENGTH,
    format: 'gstin',
    hint: COURSE_SETTINGS.gstinHint,
    optional: true,
  }),
  inGroup(
    'credentials',
    groupField('credentials', {
      label: TRUST_SETTINGS.credentialsLabel,
      hint: TRUST_SETTINGS.credentialsHint,
      noun: TRUST_SETTINGS.credentialNoun,
      min: 0,
      max: CREDENTIALS_MAX,
      fields: [
        textField('name', {
          label: TRUST_SETTINGS.credentialName,
          required: TRUST_SETTINGS.credentialNameRequired,
          max: MAX_LENGTH.title,
        }),
        textField('issuer', {
          label: TRUST_SETTINGS.credentialIssuer,
          required: null,
          max: MAX_LENGTH.title,
        }),
        textField('reference', { label: TRUST_SETTINGS.credentialId, required: null, max: MAX_LENGTH.title }),
        urlField('verifyUrl', {
          label: TRUST_SETTINGS.credentialVerifyUrl,
          required: null,
          max: URL_MAX,
          reasons: { invalid: SETTINGS.urlInvalid, tooLong: tooLong(URL_MAX) },
        }),
      ],
    }),
  ),
  inGroup(
    'contact',
    linesField('address', {
      label: 'Address',
      hint: 'Each line of the address on a line of its own, as the footer shows it.',
      min: 1,
      maxLines: 4,
      max: MAX_LENGTH.title,
      reasons: { invalid: SETTINGS.linesInvalid(1, 4), tooLong: tooLong(MAX_LENGTH.title) },
    }),
  ),
  inGroup(
    'contact',
    emailField('email', {
      label: 'Company e-mail',
      required: VALIDATION.emailRequired,
      max: MAX_LENGTH.email,
      reasons: { invalid: VALIDATION.emailInvalid, tooLong: tooLong(MAX_LENGTH.email) },
    }),
  ),
  phone('phone', 'Phone', 'Shown in the footer, on About and on Contact.', false),
  phone('phoneSecondary', 'Second phone', 'Shown on Contact; leave empty for none.', true),
  inGroup(
    'contact',
    textField('whatsappNumber', {
      label: TRUST_SETTINGS.whatsappLabel,
      hint: TRUST_SETTINGS.whatsappHint,
      required: null,
      max: E164_MAX,
      format: 'e164',
    }),
  ),
  // Issue 25.5: the acknowledgement e-mail to whoever sent a request, per kind of request.
  inGroup('acknowledgements', booleanField('ackContact', ACK_SETTINGS.contact)),
  inGroup('acknowledgements', booleanField('ackEnroll', ACK_SETTINGS.enroll)),
  inGroup('acknowledgements', booleanField('ackAssessment', ACK_SETTINGS.assessment)),
  link(
    'map',
    'mapEmbedUrl',
    'Map embed address',
    `The map shown on Contact (an embed address from ${MAP_EMBED_ORIGINS.join(', ')}).`,
    MAP_EMBED_ORIGINS,
  ),
  link('map', 'mapLinkUrl', 'Map link', 'Opens the location in a maps app or a new tab.'),
  {
    ...link(
      'site',
      'certificateUrl',
      'Certificate link',
      'The Certificate link of the navigation bar: /verify (this site’s certificate check) or another site’s address.',
    ),
    allowPath: true,
  },
  words('site', 'footerTagline', 'Footer line'),
] as const satisfies readonly SettingField[];

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
