/**
 * The "Request a security assessment" form's schema, shared by the API and the /services page. Its
 * choices' names are the API's; the words people read are in messages.ts (ASSESSMENT_FORM).
 */
import { z } from 'zod';
import { MAX_LENGTH } from './constants.ts';
import { isGstin } from './fields/text.ts';
import { istDayToUtc, utcToIstDay } from './ist.ts';
import { ASSESSMENT_VALIDATION, VALIDATION } from './api-messages.ts';
import { emailInput, honeypotShape, optionalText, phoneInput, requiredLine, sourceShape } from './schemas.ts';

import { COMPLIANCE_REASONS, ENVIRONMENTS, NDA_ANSWERS, SCOPE_KEYS } from './assessment-form.ts';

export {
  COMPLIANCE_REASONS,
  ENVIRONMENTS,
  formToAssessment,
  NDA_ANSWERS,
  SCOPE_KEYS,
} from './assessment-form.ts';
/** More than any one engagement scopes; a bound so that a count cannot be absurd. */
export const SCOPE_COUNT_MAX = 10_000;

/** A count: a JSON integer, or the digits a plain HTML form sends ('' is 0). */
const count = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d*\s*$/.test(value) ? Number(value.trim() || 0) : value),
  z
    .number({ error: ASSESSMENT_VALIDATION.scopeInvalid })
    .int(ASSESSMENT_VALIDATION.scopeInvalid)
    .min(0, ASSESSMENT_VALIDATION.scopeInvalid)
    .max(SCOPE_COUNT_MAX, ASSESSMENT_VALIDATION.scopeInvalid)
    .default(0),
);

const scope = z
  .strictObject(
    Object.fromEntries(SCOPE_KEYS.map((key) => [key, count])) as Record<
      (typeof SCOPE_KEYS)[number],
      typeof count
    >,
    { error: ASSESSMENT_VALIDATION.scopeEmpty },
  )
  .refine((value) => SCOPE_KEYS.some((key) => (value[key] ?? 0) > 0), ASSESSMENT_VALIDATION.scopeEmpty);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** Today's date in India, as YYYY-MM-DD. */
const istToday = () => utcToIstDay(new Date().toISOString());

/** The day the report is wanted by: an IST day, today or later, stored as the UTC instant of its IST midnight. */
const wantedBy = z
  .string({ error: ASSESSMENT_VALIDATION.wantedByRequired })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ASSESSMENT_VALIDATION.wantedByRequired)
  .refine((day) => istDayToUtc(day) !== null, ASSESSMENT_VALIDATION.wantedByRequired)
  .refine((day) => day >= istToday(), ASSESSMENT_VALIDATION.wantedByPast)
  .transform((day) => istDayToUtc(day) as string);

const gstin = z
  .string({ error: ASSESSMENT_VALIDATION.gstinInvalid })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => value === '' || isGstin(value), ASSESSMENT_VALIDATION.gstinInvalid)
  .optional();

export const AssessmentInputSchema = z.strictObject({
  organisation: requiredLine(ASSESSMENT_VALIDATION.organisationRequired, MAX_LENGTH.name),
  name: requiredLine(VALIDATION.nameRequired, MAX_LENGTH.name),
  email: emailInput,
  phone: phoneInput,
  scope,
  environment: oneOf(ENVIRONMENTS, ASSESSMENT_VALIDATION.environmentRequired),
  compliance: z
    .array(oneOf(COMPLIANCE_REASONS, ASSESSMENT_VALIDATION.complianceInvalid), {
      error: ASSESSMENT_VALIDATION.complianceInvalid,
    })
    .max(COMPLIANCE_REASONS.length, ASSESSMENT_VALIDATION.complianceInvalid)
    .transform((reasons) => [...new Set(reasons)])
    .default([]),
  wantedBy,
  nda: oneOf(NDA_ANSWERS, ASSESSMENT_VALIDATION.ndaRequired),
  gstin,
  notes: optionalText(MAX_LENGTH.message),
  ...sourceShape,
  ...honeypotShape,
});
