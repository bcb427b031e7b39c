/**
 * Request times as the company reads them: the spec's US numeric date, with the time, in India
 * Standard Time whatever the admin's own time zone, e.g. "3/14/2025, 9:05 PM IST".
 */
import { REQUESTS } from '../admin-copy.ts';

const IST = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function istDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${IST.format(date)} ${REQUESTS.timeZoneLabel}`;
}

/** A phone number as a tel: link dials it: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
