/**
 * The batch as an iCalendar file (RFC 5545) for "add to calendar": one all-day event from the batch's first IST
 * day to its last (DTEND is the day after, as all-day events end exclusively), its schedule and venue in the
 * description. A batch's days are IST days stored as the UTC instant of their IST midnight, so each is read back
 * as its IST day, never as the UTC date (which is the day before). Hand-written: one event of six properties does
 * not need a calendar library.
 */
import { utcToIstDay } from '../../lib/ist.ts';

export interface CalendarEvent {
  /** A stable id, so a second download updates the event rather than adding another. */
  uid: string;
  title: string;
  description: string;
  location: string;
  /** The batch's first and last days, stored instants (IST midnights). */
  startDate: unknown;
  endDate: unknown;
  /** When the file is made (DTSTAMP, in UTC). */
  now: Date;
}

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (§3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char) > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const dayOf = (iso: unknown) => utcToIstDay(iso).replaceAll('-', '');
const nextDay = (day: string) => {
  const next = new Date(`${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10).replaceAll('-', '');
};
const stampOf = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The file's text, or null when the batch's dates cannot be read. */
export function batchCalendar(event: CalendarEvent): string | null {
  const start = dayOf(event.startDate);
  const end = dayOf(event.endDate);
  if (start === '' || end === '' || end < start) return null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//DeltaSecure//Your enrolment//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stampOf(event.now)}`,
    `DTSTART;VALUE=DATE:${start}`,
    `DTEND;VALUE=DATE:${nextDay(end)}`,
    `SUMMARY:${escapeText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
