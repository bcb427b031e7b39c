/**
 * Text and attribute values for HTML written as a string (the certificate and testimonial pages, the services
 * carousel's slides): every character that could end a text run or an attribute value is escaped.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Attributes for HTML written as a string: values escaped, undefined ones left out. */
export const htmlAttributes = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeHtml(String(value))}"`)
    .join(' ');

/**
 * A short fingerprint of some markup (FNV-1a): a page keeps the one its baked list was drawn with, and a live list
 * drawn to the same fingerprint changes nothing on screen.
 */
export function markupFingerprint(markup: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < markup.length; at += 1) {
    hash ^= markup.charCodeAt(at);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
