/**
 * The one source of every GST word the site and its papers print. "Registered under GST" is exactly "Site
 * settings name a GSTIN": an unregistered issuer charges no GST, so no fee may say "GST included" or "+ GST" (the
 * receipt says the issuer is not registered instead); a registered one says, per course, whether its fee includes
 * GST (the course's "Fee includes GST") or GST comes on top.
 */
import { COURSES_PAGE } from './page-words.ts';

export type GstTerms = 'unregistered' | 'included' | 'extra';

export const gstRegistered = (gstin: unknown): boolean => typeof gstin === 'string' && gstin.trim() !== '';

/** How a course's fee stands to GST, from the GSTIN setting and the course's own flag. */
export const gstTerms = (gstin: unknown, gstIncluded: unknown): GstTerms =>
  !gstRegistered(gstin) ? 'unregistered' : gstIncluded === true ? 'included' : 'extra';

/** The words after a fee on the course pages and the brochure: none when the issuer is not registered. */
export function gstWords(gstin: unknown, gstIncluded: unknown): string {
  const terms = gstTerms(gstin, gstIncluded);
  return terms === 'included' ? COURSES_PAGE.gstIncluded : terms === 'extra' ? COURSES_PAGE.gstExtra : '';
}

/** A fee and its GST words, as one phrase ('₹18,500 GST included', or '₹18,500' alone). */
export const feeWithGst = (fee: string, words: string): string => (words ? `${fee} ${words}` : fee);
