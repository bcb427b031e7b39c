/**
 * Edits to a markdown field's source that the editor makes for staff: pure, so they are tested on
 * their own and the lazy editor only applies them.
 */

/** A change to the source: replace [from, to) with `insert`, then put the cursor at `cursor`. */
export interface SourceChange {
  from: number;
  to: number;
  insert: string;
  cursor: number;
}

/**
 * `![alt](url)`. The alt text is typed by staff: a bracket or backslash in it is escaped and line breaks become
 * spaces, so it cannot end the picture early or start other markdown; the address has no space or parenthesis
 * left that would end it.
 */
export function pictureMarkdown(alt: string, url: string): string {
  const text = alt
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (char) => `\\${char}`);
  const address = url.replace(
    /[\s()<>]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `![${text}](${address})`;
}

/**
 * The picture put at the cursor (over the selection, if any) as a paragraph of its own: a line break before it
 * unless it starts a line, and after it unless the rest of the line is empty; the cursor lands after it.
 */
export function pictureInsertion(
  source: string,
  from: number,
  to: number,
  alt: string,
  url: string,
): SourceChange {
  const start = Math.max(0, Math.min(from, to, source.length));
  const end = Math.min(source.length, Math.max(from, to, start));
  const before = source.slice(0, start);
  const after = source.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const picture = pictureMarkdown(alt, url);
  const insert = `${lead}${picture}${trail}`;
  return { from: start, to: end, insert, cursor: start + lead.length + picture.length + (trail ? 1 : 0) };
}

/** The source with a change applied (what the editor does with it; the tests check the outcome with it). */
export const applyChange = (source: string, change: SourceChange) =>
  `${source.slice(0, change.from)}${change.insert}${source.slice(change.to)}`;
