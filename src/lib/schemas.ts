/**
 * One schema per payload, shared by the browser forms and the API handlers (zod 4).
 * Types come from z.infer; nothing is trusted through a type annotation.
 */
import { z } from 'zod';
import { HONEYPOT_FIELD, MAX_LENGTH, POINTS_MAX } from './constants.ts';
import { ASSESSMENT_VALIDATION, VALIDATION } from './api-messages.ts';
import { APPLY_TO_INVALID } from './staff-messages.ts';
import { singleLine } from './single-line.ts';

// zod 4 probes `new Function` to compile parsers; the pages' Content-Security-Policy forbids eval, so in the
// browser that probe is reported as a CSP violation on every admin load. The interpreted parsers are fast enough.
z.config({ jitless: true });

/** Removes control characters other than tab/newline: they never belong in content and break CSV and logs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
export const stripControl = (value: string) => value.replace(CONTROL, '');

/** A trimmed, non-empty string with a length limit; `required` is the spec's message for a missing value. */
export const requiredText = (required: string, max: number) =>
  z
    .string({ error: required })
    .transform(stripControl)
    .pipe(z.string().trim().min(1, required).max(max, VALIDATION.tooLong(max)));

/**
 * `requiredText` for a field shown on one line (a name, an organisation): line breaks become spaces and bidi
 * controls go (single-line.ts), so what a sender types cannot forge lines in the staff e-mail, the CSV or the admin.
 */
export const requiredLine = (required: string, max: number) =>
  z
    .string({ error: required })
    .transform((value) => singleLine(stripControl(value)))
    .pipe(z.string().trim().min(1, required).max(max, VALIDATION.tooLong(max)));

export const optionalText = (max: number) =>
  z
    .string({ error: VALIDATION.tooLong(max) })
    .transform(stripControl)
    .pipe(z.string().trim().max(max, VALIDATION.tooLong(max)))
    .optional();

/**
 * Points: whitespace trimmed and empty points dropped (spec: career), then the family's bounds.
 * Accepts a JSON array as text too, because multipart forms send `points` that way (spec section 7).
 */
export const pointsSchema = (min: number, minMessage: string, max: number = POINTS_MAX) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    },
    z
      .array(z.string({ error: VALIDATION.pointsInvalid }), { error: VALIDATION.pointsInvalid })
      .max(50, VALIDATION.pointsMaxTen)
      .transform((points) =>
        points.map((point) => stripControl(point).trim()).filter((point) => point !== ''),
      )
      .pipe(
        z
          .array(z.string().max(MAX_LENGTH.point, VALIDATION.tooLong(MAX_LENGTH.point)))
          .min(min, minMessage)
          .max(max, VALIDATION.pointsMaxTen),
      ),
  );

const httpsLink = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
const emailAddress = z.email();
/** How to apply for a career: an e-mail address, or an https link to an application form. */
export const isApplyTarget = (value: string) =>
  emailAddress.safeParse(value).success || httpsLink.safeParse(value).success;

/** An apply target, trimmed; empty is allowed here (the caller decides whether it is required). */
export const applyToText = (max: number) =>
  z
    .string({ error: APPLY_TO_INVALID })
    .transform(stripControl)
    .pipe(z.string().trim().max(max, VALIDATION.tooLong(max)))
    .refine((value) => value === '' || isApplyTarget(value), APPLY_TO_INVALID);

const email = z
  .string({ error: VALIDATION.emailRequired })
  .trim()
  .min(1, VALIDATION.emailRequired)
  .max(MAX_LENGTH.email, VALIDATION.tooLong(MAX_LENGTH.email))
  .pipe(z.email(VALIDATION.emailInvalid));

/**
 * A phone number as people write it in India: an optional +, digits, and spaces, hyphens, dots, slashes or
 * parentheses between them; an STD code may open in parentheses ("(011) 2345 6789", "(+91) 98765 43210").
 */
export const PHONE_PATTERN = /^(?:\+|\(\+?)?[0-9][0-9 ()./-]{5,}$/;

const phone = z
  .string({ error: VALIDATION.phoneRequired })
  .trim()
  .min(1, VALIDATION.phoneRequired)
  .max(MAX_LENGTH.phone, VALIDATION.tooLong(MAX_LENGTH.phone))
  .regex(PHONE_PATTERN, VALIDATION.phoneInvalid);

/** The honeypot is accepted (any string) so that a bot gets the same answer as a person. */
const honeypot = { [HONEYPOT_FIELD]: z.string().max(1_000).optional() };

/** How long each part of a lead source may be (a host name is at most 253 characters). */
export const SOURCE_PART_MAX = 100;
/** Cut to length rather than refused: a long campaign name in a link must not cost a visitor their message. */
const sourcePart = (max: number) =>
  z
    .string({ error: ASSESSMENT_VALIDATION.sourceInvalid })
    .transform((value) => singleLine(stripControl(value)).trim().slice(0, max))
    .optional();

/**
 * Where a lead came from, as the public pages' script found it on the landing page: its utm_*
 * parameters, else the referring site, else "direct". Optional: clients that send none keep working.
 */
export const SourceInputSchema = z.strictObject(
  {
    utmSource: sourcePart(SOURCE_PART_MAX),
    utmMedium: sourcePart(SOURCE_PART_MAX),
    utmCampaign: sourcePart(SOURCE_PART_MAX),
    referrer: sourcePart(253),
  },
  { error: ASSESSMENT_VALIDATION.sourceInvalid },
);
export type LeadSource = z.output<typeof SourceInputSchema>;
const source = { source: SourceInputSchema.optional() };

/** The sender fields every public request form shares (the assessment form uses them too). */
export { email as emailInput, phone as phoneInput, honeypot as honeypotShape, source as sourceShape };

export const ContactInputSchema = z.strictObject({
  name: requiredLine(VALIDATION.nameRequired, MAX_LENGTH.name),
  email,
  phone,
  message: requiredText(VALIDATION.messageRequired, MAX_LENGTH.message),
  ...source,
  ...honeypot,
});

/**
 * A course name in one canonical spelling: composed Unicode (NFC) and single spaces inside. Names that differ only
 * by inner whitespace or composition look identical on every page; canonical, the unique index (trimmed,
 * case-insensitive) tells them apart no more than a reader can.
 */
const courseName = (required: string) =>
  requiredLine(required, MAX_LENGTH.courseName).transform((value) =>
    value.normalize('NFC').replace(/\s+/g, ' '),
  );

export const EnrollInputSchema = z.strictObject({
  name: requiredLine(VALIDATION.nameRequired, MAX_LENGTH.name),
  email,
  phone,
  course: courseName(VALIDATION.courseRequired),
  message: optionalText(MAX_LENGTH.message),
  // Its `batch` is the enrol family's reference field (src/families/enroll.ts), added in collections.ts.
  ...source,
  ...honeypot,
});

export const EnrollCourseInputSchema = z.strictObject({
  courseName: courseName(VALIDATION.courseTitleRequired),
});

/** A course's rename and/or (de)activation; at least one of the two. */
export const EnrollCourseUpdateSchema = z
  .strictObject({
    courseName: courseName(VALIDATION.courseTitleRequired).optional(),
    isActive: z.boolean({ error: VALIDATION.isActiveInvalid }).optional(),
  })
  .refine((value) => value.courseName !== undefined || value.isActive !== undefined, {
    error: VALIDATION.courseTitleRequired,
    path: ['courseName'],
  });

/** Fields every stored item carries (docs/design.md (Architecture) "API contract"). */
export const StoredMetaSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** What staff add to a request; absent on requests stored before the pipeline existed. */
export const FollowUpSchema = z.object({
  status: z.string().optional(),
  note: z.string().optional(),
  /** Who saved the note (a staff member's name) and when; absent on notes saved before. */
  noteBy: z.string().optional(),
  noteAt: z.string().optional(),
  /** Notification outbox entries per channel (src/lib/enquiries.ts OutboxEntry). */
  outbox: z.record(z.string(), z.unknown()).optional(),
  /** Where the lead came from. */
  source: z.record(z.string(), z.string()).optional(),
  /** The reference the acknowledgement gave the sender. */
  reference: z.string().optional(),
  /** Derived from `outbox` in admin lists. */
  delivery: z.string().optional(),
});

/** `POST /api/v1/privacy/erase` and `GET /api/v1/privacy/export?email=`: one person's e-mail address. */
export const PrivacyEmailSchema = z.strictObject({ email });
export const EnrollCourseSchema = StoredMetaSchema.extend({
  courseName: z.string(),
  isActive: z.boolean().optional(),
});

/** Turns a zod error into the API's `errors` map: the first message per top-level field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_';
    errors[field] ??= issue.message;
  }
  return errors;
}
