/**
 * /.well-known/security.txt (RFC 9116, issue 25): where to report a vulnerability, rendered at every build with an
 * Expires one year ahead, so the file never lapses while the site is rebuilt at least yearly (any content save
 * rebuilds it). Zod-free and pure, so a test can render and parse it.
 */

/** One year ahead: RFC 9116 §2.5.5 recommends an Expires less than a year away. */
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

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
    `Expires: ${isoSeconds(new Date(now.getTime() + YEAR_MS - 1000))}`,
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
