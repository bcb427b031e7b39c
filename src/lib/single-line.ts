/**
 * Text that must stay on one line wherever it is written out (a visitor's name or organisation in the staff
 * e-mail, the CSV and the admin): line breaks of every kind become a space, and bidirectional controls, which
 * reorder what is shown around them without showing themselves, are removed. Strings typed into an `<input>`
 * cannot hold a line break, and no one types a bidi control on purpose, so cleaning beats refusing here.
 */

/** CR, LF, VT, FF, NEL and the Unicode line and paragraph separators, in runs (CRLF is one break). */
const LINE_BREAKS = /[\n\v\f\r\u0085\u2028\u2029]+/g;
/** Embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), LRM/RLM (U+200E/F) and ALM (U+061C). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

export const singleLine = (text: string) => withoutBidiControls(text).replace(LINE_BREAKS, ' ');

/** Whether `text` holds a line break or a bidi control (what `singleLine` takes out). */
export const breaksLines = (text: string) => singleLine(text) !== text;
