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
