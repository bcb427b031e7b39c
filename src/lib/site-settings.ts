/**
 * Site settings (issue 12.7): everything a visitor reads that is not a content item or a spec string — the home
 * page's hero line and About text, the /about page, the Contact page's intro, the Careers page's heading and
 * default way to apply, the figures, the company's contact details, the map, the certificate link and the footer
 * line (issue 21) — as one
 * stored singleton that staff edit in the admin. Described once, by its fields: the API's input schema, the
 * stored schema the build validates with, the TypeScript type and the admin form are derived from them, as the
 * content families' are from src/lib/fields.ts. Today's values (site-config.ts, public-copy.ts) are the seed:
 * with nothing stored, the site looks exactly as before.
 * Not for the public islands (it carries zod): pages read the settings at build time (src/layouts/site-settings.ts).
 */
import { z } from 'zod';
import { ABOUT_STATIC, MAX_LENGTH } from './constants.ts';
import { PUBLIC, VALIDATION } from './messages.ts';
import { ABOUT, CAREER, CONTACT_PAGE, HOME_HERO, HOW_TO_APPLY, SERVICES } from './page-words.ts';
import { applyToText, optionalText, PHONE_PATTERN, requiredText, StoredMetaSchema } from './schemas.ts';
import { MAP_EMBED_ORIGINS, siteConfig } from './site-config.ts';
import { SETTINGS } from './staff-messages.ts';

/** How a setting is edited and checked. */
export type SettingKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'tel'
  | 'url'
  | 'count'
  | 'lines'
  /** An e-mail address or an https link (how to apply for a career). */
  | 'applyTo';
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
  'contact',
  'map',
  'site',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

export interface SettingField {
  name: string;
  kind: SettingKind;
  label: string;
  group: SettingGroup;
  /** Shown under the input in the admin form. */
  hint: string | null;
  /** False: may be left empty (then not shown on the site). Counts and lines are always required. */
  required: boolean;
  /** Characters (text kinds, each line of `lines`) or the largest number (`count`). */
  max: number;
  /** `lines`: how many non-empty lines. */
  lines?: { min: number; max: number };
  /** `url`: the origins it may point at (the map, which the Content-Security-Policy must allow). */
  origins?: readonly string[];
}

const URL_MAX = 2_000;
const COUNT_MAX = 1_000_000;
/** A button's words. */
const LABEL_MAX = 60;

/** The home page's HOW TO APPLY steps (their titles, like the heading, are the spec's). */
function stepFields() {
  const step = <const N extends string>(name: N, label: string) => ({
    name,
    kind: 'textarea' as const,
    label: `Home page: HOW TO APPLY, ${label}`,
    group: 'home' as const,
    hint: null,
    required: true as const,
    max: MAX_LENGTH.title * 2,
  });
  return [
    step('applyStep1Text', `step 1 (${HOW_TO_APPLY.steps[0].title})`),
    step('applyStep2Text', `step 2 (${HOW_TO_APPLY.steps[1].title})`),
    step('applyStep3Text', `step 3 (${HOW_TO_APPLY.steps[2].title})`),
  ];
}

/** The /services page's words around its content (the audiences' names, like the headings, are the spec's). */
function servicesPageFields() {
  const text = <const N extends string>(name: N, label: string, kind: 'text' | 'textarea') => ({
    name,
    kind,
    label: `Services page: ${label}`,
    group: 'servicesPage' as const,
    hint: null,
    required: true as const,
    max: kind === 'text' ? MAX_LENGTH.title : MAX_LENGTH.title * 2,
  });
  return [
    text('servicesAudience1Text', `${SERVICES.audiences[0].title}, text`, 'textarea'),
    text('servicesAudience2Text', `${SERVICES.audiences[1].title}, text`, 'textarea'),
    text('servicesAudience3Text', `${SERVICES.audiences[2].title}, text`, 'textarea'),
    text('servicesContentHeading', 'heading above the services in detail', 'text'),
  ];
}

/** The /about page, top to bottom: the mission heading, its three cards, then the mission and contact cards. */
function aboutPageFields() {
  const text = <const N extends string>(name: N, label: string, max: number = MAX_LENGTH.title) => ({
    name,
    label,
    max,
  });
  return (
    [
      text('aboutMissionHeading', 'About page: heading'),
      text('aboutCard1Title', 'About page: first card, title'),
      text('aboutCard1Text', 'About page: first card, text', MAX_LENGTH.description),
      text('aboutCard2Title', 'About page: second card, title'),
      text('aboutCard2Text', 'About page: second card, text', MAX_LENGTH.description),
      text('aboutCard3Title', 'About page: third card, title'),
      text('aboutCard3Text', 'About page: third card, text', MAX_LENGTH.description),
      text('aboutMissionTitle', 'About page: mission card, title'),
      text('aboutMissionText', 'About page: mission card, text', MAX_LENGTH.description),
      text('aboutContactTitle', 'About page: contact card, title'),
      text('aboutContactText', 'About page: contact card, text (the phone and e-mail follow it)'),
    ] as const
  ).map((field) => ({
    ...field,
    kind: field.max === MAX_LENGTH.description ? ('textarea' as const) : ('text' as const),
    group: 'aboutPage' as const,
    hint: null,
    required: true as const,
  }));
}

export const SETTING_FIELDS = [
  {
    name: 'heroLine',
    kind: 'text',
    label: 'Home page: line under the slideshow',
    group: 'home',
    hint: 'Shown with the two buttons below the slideshow.',
    required: true,
    max: MAX_LENGTH.title,
  },
  {
    name: 'heroServicesLabel',
    kind: 'text',
    label: 'Home page: button to Services',
    group: 'home',
    hint: null,
    required: true,
    max: LABEL_MAX,
  },
  {
    name: 'heroEnrollLabel',
    kind: 'text',
    label: 'Home page: button to Enroll',
    group: 'home',
    hint: null,
    required: true,
    max: LABEL_MAX,
  },
  {
    name: 'aboutDescription1',
    kind: 'textarea',
    label: 'Home page About section, first paragraph',
    group: 'home',
    hint: 'The About section of the home page (the About page has its own texts below).',
    required: true,
    max: MAX_LENGTH.description,
  },
  {
    name: 'aboutDescription2',
    kind: 'textarea',
    label: 'Home page About section, second paragraph',
    group: 'home',
    hint: 'Followed on the page by "N+ projects delivered so far."',
    required: true,
    max: MAX_LENGTH.description,
  },
  {
    name: 'totalProjects',
    kind: 'count',
    label: 'Projects delivered',
    group: 'home',
    hint: 'The N of "N+ projects delivered so far." in the home page About section.',
    required: true,
    max: COUNT_MAX,
  },
  {
    name: 'happyCustomers',
    kind: 'count',
    label: 'Happy customers',
    group: 'home',
    hint: 'The "Happy Customers" counter of the home page.',
    required: true,
    max: COUNT_MAX,
  },
  ...stepFields(),
  ...aboutPageFields(),
  ...servicesPageFields(),
  {
    name: 'contactNumbersHeading',
    kind: 'text',
    label: 'Contact page: heading above the numbers',
    group: 'contactPage',
    hint: null,
    required: true,
    max: MAX_LENGTH.title,
  },
  {
    name: 'contactHeading',
    kind: 'text',
    label: 'Contact page: form heading',
    group: 'contactPage',
    hint: null,
    required: true,
    max: MAX_LENGTH.title,
  },
  {
    name: 'contactIntro',
    kind: 'textarea',
    label: 'Contact page: text above the form',
    group: 'contactPage',
    hint: 'Leave empty for none.',
    required: false,
    max: MAX_LENGTH.title * 2,
  },
  {
    name: 'contactMapHeading',
    kind: 'text',
    label: 'Contact page: heading above the map',
    group: 'contactPage',
    hint: null,
    required: true,
    max: MAX_LENGTH.title,
  },
  {
    name: 'careersHeading',
    kind: 'text',
    label: 'Careers page: heading',
    group: 'careersPage',
    hint: null,
    required: true,
    max: MAX_LENGTH.title,
  },
  {
    name: 'careerApplyTo',
    kind: 'applyTo',
    label: 'Careers page: how to apply',
    group: 'careersPage',
    hint: "An e-mail address or a web address starting with https://. Each career's Apply button uses it, unless the career names its own.",
    required: true,
    max: URL_MAX,
  },
  {
    name: 'address',
    kind: 'lines',
    label: 'Address',
    group: 'contact',
    hint: 'Each line of the address on a line of its own, as the footer shows it.',
    required: true,
    max: MAX_LENGTH.title,
    lines: { min: 1, max: 4 },
  },
  {
    name: 'email',
    kind: 'email',
    label: 'Company e-mail',
    group: 'contact',
    hint: null,
    required: true,
    max: MAX_LENGTH.email,
  },
  {
    name: 'phone',
    kind: 'tel',
    label: 'Phone',
    group: 'contact',
    hint: 'Shown in the footer, on About and on Contact.',
    required: true,
    max: MAX_LENGTH.phone,
  },
  {
    name: 'phoneSecondary',
    kind: 'tel',
    label: 'Second phone',
    group: 'contact',
    hint: 'Shown on Contact; leave empty for none.',
    required: false,
    max: MAX_LENGTH.phone,
  },
  {
    name: 'mapEmbedUrl',
    kind: 'url',
    label: 'Map embed address',
    group: 'map',
    hint: `The map shown on Contact (an embed address from ${MAP_EMBED_ORIGINS.join(', ')}).`,
    required: true,
    max: URL_MAX,
    origins: MAP_EMBED_ORIGINS,
  },
  {
    name: 'mapLinkUrl',
    kind: 'url',
    label: 'Map link',
    group: 'map',
    hint: 'Opens the location in a maps app or a new tab.',
    required: true,
    max: URL_MAX,
  },
  {
    name: 'certificateUrl',
    kind: 'url',
    label: 'Certificate link',
    group: 'site',
    hint: 'The Certificate link of the navigation bar.',
    required: true,
    max: URL_MAX,
  },
  {
    name: 'footerTagline',
    kind: 'text',
    label: 'Footer line',
    group: 'site',
    hint: null,
    required: true,
    max: MAX_LENGTH.title,
  },
] as const satisfies readonly SettingField[];

type Fields = (typeof SETTING_FIELDS)[number];
type ValueOf<K extends SettingKind> = K extends 'count' ? number : K extends 'lines' ? string[] : string;
/** The settings' values, by field name. */
export type SiteSettings = { [F in Fields as F['name']]: ValueOf<F['kind']> };

function inputShape(field: SettingField): z.ZodType {
  const required = SETTINGS.required(field.label);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return field.required
        ? requiredText(required, field.max)
        : optionalText(field.max).transform((value) => value ?? '');
    case 'email':
      return z
        .string({ error: VALIDATION.emailRequired })
        .trim()
        .min(1, VALIDATION.emailRequired)
        .max(field.max, VALIDATION.tooLong(field.max))
        .pipe(z.email(VALIDATION.emailInvalid));
    case 'tel': {
      const text = z
        .string({ error: VALIDATION.phoneInvalid })
        .trim()
        .max(field.max, VALIDATION.tooLong(field.max));
      return field.required
        ? text.min(1, VALIDATION.phoneRequired).regex(PHONE_PATTERN, VALIDATION.phoneInvalid)
        : text
            .optional()
            .transform((value) => value ?? '')
            .refine((value) => value === '' || PHONE_PATTERN.test(value), VALIDATION.phoneInvalid);
    }
    case 'url': {
      const origins = field.origins;
      return z
        .string({ error: required })
        .trim()
        .min(1, required)
        .max(field.max, VALIDATION.tooLong(field.max))
        .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, error: SETTINGS.urlInvalid }))
        .refine(
          (value) => !origins || origins.includes(new URL(value).origin),
          SETTINGS.mapOriginInvalid((origins ?? []).join(', ')),
        );
    }
    case 'applyTo':
      return field.required
        ? applyToText(field.max).refine((value) => value !== '', required)
        : applyToText(field.max)
            .optional()
            .transform((value) => value ?? '');
    case 'count':
      return z
        .number({ error: SETTINGS.countInvalid })
        .int(SETTINGS.countInvalid)
        .min(0, SETTINGS.countInvalid)
        .max(field.max, SETTINGS.countInvalid);
    case 'lines': {
      const { min, max } = field.lines ?? { min: 1, max: 1 };
      return z
        .array(z.string({ error: SETTINGS.linesInvalid(min, max) }), {
          error: SETTINGS.linesInvalid(min, max),
        })
        .max(50, SETTINGS.linesInvalid(min, max))
        .transform((lines) => lines.map((line) => line.trim()).filter((line) => line !== ''))
        .pipe(
          z
            .array(z.string().max(field.max, VALIDATION.tooLong(field.max)))
            .min(min, SETTINGS.linesInvalid(min, max))
            .max(max, SETTINGS.linesInvalid(min, max)),
        );
    }
  }
}

const storedShape = (field: SettingField): z.ZodType =>
  field.kind === 'count'
    ? z.number().int().min(0)
    : field.kind === 'lines'
      ? z.array(z.string())
      : z.string();

const shapeOf = (shape: (field: SettingField) => z.ZodType) =>
  Object.fromEntries(SETTING_FIELDS.map((field) => [field.name, shape(field)]));

/** What `PUT /api/v1/settings` accepts: every setting, strict, trimmed and bounded. */
export const SiteSettingsInputSchema = z.strictObject(shapeOf(inputShape)) as unknown as z.ZodType<
  SiteSettings,
  unknown
>;
/** The settings as stored and as the build reads them. */
export const SiteSettingsSchema = z.object(shapeOf(storedShape)) as unknown as z.ZodType<SiteSettings>;
/** The stored item (the singleton with the repository's metadata), as backups hold it. */
export const SiteSettingsItemSchema = StoredMetaSchema.extend(shapeOf(storedShape));

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
  address: [...siteConfig.address],
  email: siteConfig.email,
  phone: siteConfig.phone,
  phoneSecondary: siteConfig.phoneSecondary,
  mapEmbedUrl: siteConfig.mapEmbedUrl,
  mapLinkUrl: siteConfig.mapLinkUrl,
  certificateUrl: siteConfig.certificateUrl,
  footerTagline: PUBLIC.footerTagline,
};

/**
 * The settings to show from what the store holds (or null): stored values over the seed, so a setting added to
 * this list after the settings were saved shows its seed; anything unreadable shows the seed.
 */
export function resolveSettings(stored: unknown): SiteSettings {
  if (typeof stored !== 'object' || stored === null) return SITE_SETTINGS_SEED;
  const values: Record<string, unknown> = { ...SITE_SETTINGS_SEED };
  for (const field of SETTING_FIELDS) {
    const value = (stored as Record<string, unknown>)[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  const parsed = SiteSettingsSchema.safeParse(values);
  return parsed.success ? parsed.data : SITE_SETTINGS_SEED;
}

/** A phone number as a `tel:` link dials it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`;
