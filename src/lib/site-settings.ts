/**
 * Site settings (issue 12.7): everything a visitor reads that is not a content item — the About text, the
 * figures beside it, the company's contact details, the map, the certificate link and the footer line — as one
 * stored singleton that staff edit in the admin. Described once, by its fields: the API's input schema, the
 * stored schema the build validates with, the TypeScript type and the admin form are derived from them, as the
 * content families' are from src/lib/fields.ts. Today's values (site-config.ts, public-copy.ts) are the seed:
 * with nothing stored, the site looks exactly as before.
 * Not for the public islands (it carries zod): pages read the settings at build time (src/layouts/site-settings.ts).
 */
import { z } from 'zod';
import { ABOUT_STATIC, MAX_LENGTH } from './constants.ts';
import { PUBLIC, VALIDATION } from './messages.ts';
import { optionalText, PHONE_PATTERN, requiredText, StoredMetaSchema } from './schemas.ts';
import { MAP_EMBED_ORIGINS, siteConfig } from './site-config.ts';
import { SETTINGS } from './staff-messages.ts';

/** How a setting is edited and checked. */
export type SettingKind = 'text' | 'textarea' | 'email' | 'tel' | 'url' | 'count' | 'lines';
/** The admin form's sections, in order. */
export const SETTING_GROUPS = ['about', 'contact', 'map', 'site'] as const;
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

export const SETTING_FIELDS = [
  {
    name: 'aboutDescription1',
    kind: 'textarea',
    label: 'About text, first paragraph',
    group: 'about',
    hint: 'The About section of the home page.',
    required: true,
    max: MAX_LENGTH.description,
  },
  {
    name: 'aboutDescription2',
    kind: 'textarea',
    label: 'About text, second paragraph',
    group: 'about',
    hint: 'Followed on the page by "N+ projects delivered so far."',
    required: true,
    max: MAX_LENGTH.description,
  },
  {
    name: 'totalProjects',
    kind: 'count',
    label: 'Projects delivered',
    group: 'about',
    hint: null,
    required: true,
    max: COUNT_MAX,
  },
  {
    name: 'happyCustomers',
    kind: 'count',
    label: 'Happy customers',
    group: 'about',
    hint: 'The "Happy Customers" counter of the home page.',
    required: true,
    max: COUNT_MAX,
  },
  {
    name: 'address',
    kind: 'lines',
    label: 'Address',
    group: 'contact',
    hint: 'One line per line, as the footer shows it.',
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
  aboutDescription1:
    'We are a cybersecurity, web-development and training company. Our team finds and fixes weaknesses in networks and applications before attackers do, through penetration testing, vulnerability assessment and bug hunting.',
  // The page follows it with HOME.about.projectsDelivered(totalProjects).
  aboutDescription2:
    'We also build secure web applications, AI/ML and cloud solutions, and train the next generation of security professionals.',
  totalProjects: ABOUT_STATIC.totalProjects,
  happyCustomers: ABOUT_STATIC.happyCustomers,
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
