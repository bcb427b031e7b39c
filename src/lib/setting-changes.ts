/**
 * What a save of the site settings changes, setting by setting, and which settings are the payment settings: the
 * settings handler checks and audits with these, and the admin reads them (the read-only payment fields, the
 * Activity sentences).
 */
import { fieldText } from './fields.ts';
import { SETTING_FIELDS } from './setting-fields.ts';
import type { SiteSettings } from './site-settings.ts';

/**
 * Where students' money goes and what their receipts say: only owners change these, every owner hears of a
 * change, and the audit keeps the values before and after (as it does for every setting).
 */
export const PAYMENT_SETTINGS = [
  'upiVpa',
  'upiPayeeName',
  'upiMerchantCode',
  'gstin',
] as const satisfies readonly (keyof SiteSettings)[];
export type PaymentSetting = (typeof PAYMENT_SETTINGS)[number];

export const isPaymentSetting = (name: string): name is PaymentSetting =>
  (PAYMENT_SETTINGS as readonly string[]).includes(name);

/** A setting's value before and after a save, as people read it ('' for nothing). */
export interface SettingChange {
  field: string;
  from: string;
  to: string;
}

/** The longest value an audit entry keeps of one setting (a refund policy may be 5,000 characters). */
const CHANGE_TEXT_MAX = 300;
const clipped = (text: string) =>
  text.length > CHANGE_TEXT_MAX ? `${text.slice(0, CHANGE_TEXT_MAX - 1)}…` : text;

/** The settings whose values differ between two versions, in the form's order, each read as text. */
export function settingChanges(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return SETTING_FIELDS.flatMap((field) => {
    const from = fieldText(field, before[field.name]);
    const to = fieldText(field, after[field.name]);
    return from === to ? [] : [{ field: field.name, from: clipped(from), to: clipped(to) }];
  });
}

/** A setting's label by its name (an older entry may name one since removed: its name then). */
export const settingLabel = (name: string): string =>
  SETTING_FIELDS.find((field) => field.name === name)?.label ?? name;
