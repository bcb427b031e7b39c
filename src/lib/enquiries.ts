/**
 * The follow-up pipeline of contact messages and enrolment requests: statuses, the staff note, list
 * filters and the notification delivery state. Plain data and schemas, shared by the API and the admin screens.
 */
import { z } from 'zod';
import { VALIDATION } from './api-messages.ts';
import { ENQUIRY } from './staff-messages.ts';
import { MAX_LENGTH, REQUEST_LIST_DEFAULT_LIMIT, REQUEST_LIST_MAX_LIMIT } from './constants.ts';
import { definitionsOfKind, type FAMILY_DEFINITIONS, type RequestFamilyKey } from '../families/index.ts';

/** Every family's statuses, in the order staff move through them; the first is where a submission starts. */
export const REQUEST_STATUSES = Object.fromEntries(
  definitionsOfKind('request').map((definition) => [definition.key, definition.statuses]),
) as { [K in RequestFamilyKey]: Extract<(typeof FAMILY_DEFINITIONS)[number], { key: K }>['statuses'] };

/**
 * A request's lead source in one word: its utm_source, else the referring site, else "direct".
 * A request stored without a source (saved before sources were kept, or sent by a client that sends none) counts
 * as "unknown".
 */
export function sourceKey(item: Readonly<Record<string, unknown>>): string {
  const source = item.source;
  if (typeof source !== 'object' || source === null) return UNKNOWN_SOURCE;
  const { utmSource, referrer } = source as Record<string, unknown>;
  if (typeof utmSource === 'string' && utmSource !== '') return utmSource.toLocaleLowerCase('en');
  if (typeof referrer === 'string' && referrer !== '') return referrer.toLocaleLowerCase('en');
  return DIRECT_SOURCE;
}
export const DIRECT_SOURCE = 'direct';
export const UNKNOWN_SOURCE = 'unknown';

/** Where every submission starts; items stored before statuses existed count as this too. */
export const INITIAL_STATUS = 'new';

export const NOTE_MAX_LENGTH = 2_000;

/** Reads an item's status, treating a missing one (stored before statuses existed) as new. */
export const statusOf = (item: Readonly<Record<string, unknown>>): string =>
  typeof item.status === 'string' ? item.status : INITIAL_STATUS;

const statusSchema = (statuses: readonly string[]) =>
  z
    .string({ error: ENQUIRY.statusInvalid })
    .refine((value) => statuses.includes(value), ENQUIRY.statusInvalid);

/** `PATCH /api/v1/{contact|enroll}/:id`: a new status, a new note (empty clears it), or both. */
export const requestPatchSchema = (statuses: readonly string[]) =>
  z
    .strictObject({
      status: statusSchema(statuses).optional(),
      note: z
        .string({ error: VALIDATION.tooLong(NOTE_MAX_LENGTH) })
        .max(NOTE_MAX_LENGTH, VALIDATION.tooLong(NOTE_MAX_LENGTH))
        .optional(),
    })
    .refine((patch) => patch.status !== undefined || patch.note !== undefined, {
      message: ENQUIRY.nothingToUpdate,
      path: ['status'],
    });

/** A calendar day as YYYY-MM-DD (the date filters of the request list and the activity log). */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ENQUIRY.dateInvalid)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), ENQUIRY.dateInvalid);

/** The list filters of `GET /api/v1/{contact|enroll}` (every parameter optional; all of them AND together). */
export const requestListQuerySchema = (statuses: readonly string[]) =>
  z
    .object({
      status: statusSchema(statuses).optional(),
      q: z.string().trim().max(MAX_LENGTH.name, VALIDATION.tooLong(MAX_LENGTH.name)).optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
      source: z.string().trim().max(253, ENQUIRY.sourceInvalid).optional(),
      course: z
        .string()
        .trim()
        .max(MAX_LENGTH.courseName, VALIDATION.tooLong(MAX_LENGTH.courseName))
        .optional(),
      /** The requests naming one catalogue batch (its roster). */
      batch: z.string().trim().max(64, ENQUIRY.batchInvalid).optional(),
      limit: z.coerce
        .number({ error: ENQUIRY.limitInvalid })
        .int(ENQUIRY.limitInvalid)
        .min(1, ENQUIRY.limitInvalid)
        .max(REQUEST_LIST_MAX_LIMIT, ENQUIRY.limitInvalid)
        .default(REQUEST_LIST_DEFAULT_LIMIT),
      cursor: z
        .string()
        .max(200, ENQUIRY.cursorInvalid)
        .regex(/^[\w.:-]*$/, ENQUIRY.cursorInvalid)
        .optional(),
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: ENQUIRY.dateRange,
      path: ['from'],
    });

export type RequestListQuery = z.output<ReturnType<typeof requestListQuerySchema>>;

/** The query parameters the list endpoint reads; any of them present switches the answer to the paged shape. */
export const REQUEST_LIST_PARAMS = [
  'status',
  'q',
  'from',
  'to',
  'course',
  'batch',
  'source',
  'limit',
  'cursor',
] as const;

/** Notification channels; each stored request keeps one outbox entry per channel that was on at submission. */
export const NOTIFY_CHANNELS = ['email', 'webhook'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** One channel's outbox entry, kept on the request it notifies about (see docs/decisions.md). */
export interface OutboxEntry {
  state: 'pending' | 'sent' | 'failed';
  /** Attempts made so far. */
  attempts: number;
  /** When the next attempt is due (ISO); meaningless once sent or failed. */
  nextAttemptAt: string;
  sentAt?: string;
  /** The last failure, in words that hold no personal data (an SMTP status, an HTTP status, a timeout). */
  lastError?: string;
  /** A receipt entry: when it was queued (its retry window starts then) and the payments it sends. */
  since?: string;
  receipts?: string[];
}

/** The acknowledgement to the sender rides in the same outbox, under its own key. */
export const ACK_CHANNEL = 'ack';
/** A payment's fee receipt e-mailed to the student, queued when staff record the payment. */
export const RECEIPT_CHANNEL = 'receipt';
export type OutboxChannel = NotifyChannel | typeof ACK_CHANNEL | typeof RECEIPT_CHANNEL;
export const OUTBOX_CHANNELS: readonly OutboxChannel[] = [...NOTIFY_CHANNELS, ACK_CHANNEL, RECEIPT_CHANNEL];

export type Outbox = Partial<Record<OutboxChannel, OutboxEntry>>;

/** What the admin shows per request: nothing when notifications were off for it. */
export type DeliveryState = 'pending' | 'sent' | 'retrying' | 'failed';

export function deliveryState(outbox: Outbox | undefined): DeliveryState | undefined {
  // The acknowledgement to the sender is not staff's notification: it does not change this state.
  const entries = NOTIFY_CHANNELS.map((channel) => outbox?.[channel]).filter((entry) => entry !== undefined);
  if (entries.length === 0) return undefined;
  if (entries.some((entry) => entry.state === 'failed')) return 'failed';
  if (entries.every((entry) => entry.state === 'sent')) return 'sent';
  return entries.some((entry) => entry.attempts > 0) ? 'retrying' : 'pending';
}

/** `GET /api/v1/requests/summary`: the sidebar's badges. */
/** Contact and enrolment always; a later family (the assessment) once it has any request. */
export type RequestsSummary = Record<'contact' | 'enroll', { new: number; total: number }> &
  Partial<Record<RequestFamilyKey, { new: number; total: number }>>;

export { ADMIN_REQUEST_PATHS, ENQUIRY_PATHS } from './enquiry-paths.ts';
