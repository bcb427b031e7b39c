/**
 * Money (a course fee): whole paise stored as an integer, so sums are exact; entered in rupees with up to two
 * decimals ('12500', '12,500.50', '₹ 1,25,000') and shown with Indian digit grouping ('₹1,25,000', '₹12,500.50').
 * The API takes paise: a JSON number, or its digits as multipart text.
 */
import { z } from 'zod';
import { FIELD_REASONS } from '../api-messages.ts';
import { numberFromForm, presence } from './integer.ts';
import { valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface MoneyField<N extends string = string> extends FieldBase<N> {
  kind: 'money';
  /** The message for a missing value; null makes the field optional. */
  required: string | null;
  /** The most it may be, in paise (default: ₹10 crore). */
  maxPaise?: number;
}

export const moneyField = <const N extends string>(
  name: N,
  options: Omit<MoneyField<N>, 'name' | 'kind'>,
): MoneyField<N> => ({ name, kind: 'money', ...options });

const DEFAULT_MAX_PAISE = 10_000_000 * 100 * 10;
const RUPEES = /^₹?\s*(\d{1,3}(?:,\d{2,3})*|\d+)(?:\.(\d{1,2}))?$/;

/** Rupees as typed → whole paise; null when it is not an amount (negative, three decimals, letters). */
export function parseRupees(text: string): number | null {
  const match = RUPEES.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const paise = Number(whole.replaceAll(',', '')) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

const WHOLE = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const WITH_PAISE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Paise as people read rupees: '₹12,500', '₹12,500.50', '₹1,25,000'. */
export function formatPaise(paise: number): string {
  const rupees = Math.trunc(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? `₹${WHOLE.format(rupees)}` : `₹${WITH_PAISE.format(paise / 100)}`;
}

/** Paise as the form edits them: rupees without grouping ('12500', '12500.50'). */
export const paiseToRupeesText = (paise: number) =>
  paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);

const maxOf = (field: MoneyField) => field.maxPaise ?? DEFAULT_MAX_PAISE;
const text = (_field: MoneyField, value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) ? formatPaise(value) : '';

export const moneyKind: FieldKind<MoneyField> = {
  input: (field) =>
    presence(
      z
        .number()
        .int(FIELD_REASONS.money(field.label))
        .min(0, FIELD_REASONS.money(field.label))
        .max(maxOf(field), FIELD_REASONS.moneyMax(field.label, formatPaise(maxOf(field)))),
      field.required,
      FIELD_REASONS.money(field.label),
    ),
  stored: (field) => (field.required === null ? z.number().int().nullable().optional() : z.number().int()),
  toForm: (_field, value) => (typeof value === 'number' ? paiseToRupeesText(value) : ''),
  fromForm: (_field, value) => numberFromForm(value, parseRupees),
  text,
  diff: valueDiff(text),
  // Rupees with their paise as a number a spreadsheet can add up ('12500.50'), not the grouped text.
  csv: (_field, value) => (typeof value === 'number' ? (value / 100).toFixed(2) : ''),
};
