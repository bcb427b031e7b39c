/**
 * India Standard Time, the company's business day: what staff type and read is IST whatever the browser's own
 * zone, what is stored is a UTC ISO string. IST is UTC+05:30 all year (no daylight saving), so a fixed offset is
 * exact. The date kinds, the audit log's day filters, CSV times and the times in messages all read it here.
 */
export const IST_OFFSET_MS = 330 * 60_000;

/** The first millisecond of an IST calendar day (YYYY-MM-DD), as epoch ms. */
export const istDayStart = (day: string): number => Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
/** The last millisecond of an IST calendar day. */
export const istDayEnd = (day: string): number => istDayStart(day) + 86_400_000 - 1;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
/** An instant with its zone (Z or an offset), as an API caller sends a stored value back. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an IST wall-clock time, or null if there is no such day or time (31 February, 25:00). */
function istWallClock(parts: readonly string[]): number | null {
  const [year, month, day, hour, minute, second] = parts.map((part) => Number(part ?? 0));
  const utc = Date.UTC(year!, month! - 1, day!, hour ?? 0, minute ?? 0, second ?? 0);
  const back = new Date(utc);
  const real =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month! - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === (hour ?? 0) &&
    back.getUTCMinutes() === (minute ?? 0);
  return real ? utc - IST_OFFSET_MS : null;
}

/** '2026-03-14' (an IST day) → the UTC instant its IST midnight is, e.g. '2026-03-13T18:30:00.000Z'. */
export function istDayToUtc(day: string): string | null {
  const match = DAY.exec(day);
  const time = match ? istWallClock(match.slice(1)) : null;
  return time === null ? null : new Date(time).toISOString();
}

/** '2026-03-14T09:30' (IST, as `<input type=datetime-local>` gives it) → '2026-03-14T04:00:00.000Z'. */
export function istDayTimeToUtc(value: string): string | null {
  const match = DAY_TIME.exec(value);
  const time = match ? istWallClock(match.slice(1)) : null;
  return time === null ? null : new Date(time).toISOString();
}

/** A zoned ISO instant → its UTC ISO string; null when it is not one. */
export function instantToUtc(value: string): string | null {
  if (!INSTANT.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The IST wall clock of a stored instant as 'YYYY-MM-DDTHH:mm'; '' when it is not a time. */
function istParts(iso: unknown): string {
  const time = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? '' : new Date(time + IST_OFFSET_MS).toISOString().slice(0, 16);
}

/** A stored instant as its IST day, 'YYYY-MM-DD' (the value of `<input type=date>`). */
export const utcToIstDay = (iso: unknown) => istParts(iso).slice(0, 10);
/** A stored instant as IST 'YYYY-MM-DDTHH:mm' (the value of `<input type=datetime-local>`). */
export const utcToIstDayTime = (iso: unknown) => istParts(iso);

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const DAY_TIME_FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A stored instant as people read its IST day: '14 Mar 2026'; '' when it is not a time. */
export const showIstDay = (iso: unknown) =>
  utcToIstDay(iso) === '' ? '' : DAY_FORMAT.format(new Date(iso as string));
/** A time as staff read it: "12 Mar 2026, 3:04 pm IST". */
export const formatIst = (iso: string): string => `${DAY_TIME_FORMAT.format(new Date(iso))} IST`;

/** A stored instant as people read it in IST: '14 Mar 2026, 9:30 am IST'; '' when it is not a time. */
export const showIstDayTime = (iso: unknown) => (utcToIstDay(iso) === '' ? '' : formatIst(iso as string));
