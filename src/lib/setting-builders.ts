/**
 * How a site setting is described: the admin form's sections, and builders that put a field of one of the content
 * kinds (src/lib/fields.ts) in a section with its hint and the settings' own refusal words. The settings themselves
 * are listed in setting-fields.ts.
 */
import { MAX_LENGTH } from './constants.ts';
import { integerField, phoneField, textField, urlField, type TextField, type ValueField } from './fields.ts';
import { VALIDATION } from './api-messages.ts';
import { SETTINGS } from './staff-messages.ts';

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

export const URL_MAX = 2_000;
const COUNT_MAX = 1_000_000;
/** A button's words. */
export const LABEL_MAX = 60;
/** A UPI ID and the payee's name are short; a GSTIN is exactly 15 characters. */
export const UPI_MAX = 100;
export const GSTIN_LENGTH = 15;
/** A merchant category code is four digits. */
export const MCC_LENGTH = 4;

/** The settings say "… is required" and "Must be at most N characters", as they did before the kinds. */
export const tooLong = (max: number) => VALIDATION.tooLong(max);

/** A field of the settings: its group, and its hint (null when none). */
export const inGroup = <const F extends ValueField, const G extends SettingGroup>(group: G, field: F) => ({
  ...field,
  group,
  hint: field.hint ?? null,
});

/** Words of a page: one line (`text`) or several (`textarea`), required unless `optional`. */
export function words<const N extends string, const G extends SettingGroup>(
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
export const count = <const N extends string>(name: N, label: string, hint: string) =>
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

export const phone = <const N extends string>(name: N, label: string, hint: string, optional: boolean) =>
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

export const link = <const N extends string, const G extends SettingGroup>(
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
export const step = <const N extends string>(name: N, label: string) =>
  words('home', name, `Home page: HOW TO APPLY, ${label}`, { kind: 'textarea', max: MAX_LENGTH.title * 2 });

/** The /services page's words around its content (the audiences' names, like the headings, are the spec's). */
export const servicesPage = <const N extends string>(name: N, label: string, kind: TextField['kind']) =>
  words('servicesPage', name, `Services page: ${label}`, {
    kind,
    max: kind === 'text' ? MAX_LENGTH.title : MAX_LENGTH.title * 2,
  });

/** The /about page: card titles are one line, card texts several. */
export const aboutPage = <const N extends string>(name: N, label: string, max: number = MAX_LENGTH.title) =>
  words('aboutPage', name, label, { kind: max === MAX_LENGTH.description ? 'textarea' : 'text', max });

/** The /security page's words: each label names the page. */
export const securityPage = <const N extends string>(name: N, label: string) =>
  words('securityPage', name, `Security page: ${label}`, { kind: 'textarea', max: MAX_LENGTH.description });
