/**
 * /.well-known/security.txt (RFC 9116): where to report a vulnerability, rendered at every build with an Expires
 * half a year ahead. RFC 9116 §2.5.5 asks for less than a year; a year less a second sat on that limit, where
 * validators report it. 180 days stays clearly under, and any content save or publish, which rebuilds the site,
 * renews it. Zod-free and pure, so a test can render and parse it.
 */

/** How far ahead Expires is from the build: well under RFC 9116's year. */
export const SECURITY_TXT_LIFETIME_MS = 180 * 24 * 60 * 60 * 1000;

export interface SecurityTxtInput {
  /** mailto: or https: (Site settings' security contact, else the company e-mail). */
  contact: string;
  /** The site's origin, such as https://deltasecure.in. */
  origin: string;
  /** The build's time. */
  now: Date;
}

/** ISO 8601 in UTC without milliseconds, as RFC 9116's examples write it. */
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function securityTxt({ contact, origin, now }: SecurityTxtInput): string {
  const at = (path: string) => new URL(path, origin).href;
  return [
    `Contact: ${contact}`,
    `Expires: ${isoSeconds(new Date(now.getTime() + SECURITY_TXT_LIFETIME_MS))}`,
    `Policy: ${at('/security')}`,
    `Acknowledgments: ${at('/security#hall-of-fame')}`,
    'Preferred-Languages: en, hi',
    `Canonical: ${at('/.well-known/security.txt')}`,
    '',
  ].join('\n');
}

/** The fields of a security.txt, by name (lower-case), each with its values: what a reader of the file sees. */
export function parseSecurityTxt(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const line of text.split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Za-z0-9-]+):\s*(.+)$/.exec(line);
    if (!match) throw new Error(`Not a field line: ${line}`);
    const name = match[1]!.toLowerCase();
    fields.set(name, [...(fields.get(name) ?? []), match[2]!.trim()]);
  }
  return fields;
}
