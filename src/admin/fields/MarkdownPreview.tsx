/**
 * A markdown field's source as the site shows it: the very renderer the public pages use
 * (src/lib/markdown.ts), so what the preview shows is what a page shows, and what the renderer makes inert (raw
 * HTML, script, `javascript:` addresses, event handlers) is inert here too — the admin runs with a session.
 */
import { useDeferredValue, useMemo } from 'react';
import { renderMarkdown } from '../../lib/markdown.ts';
import { MARKDOWN_EDITOR } from '../../lib/staff-messages.ts';

interface Props {
  id: string;
  /** The field's label, which names the preview. */
  label: string;
  source: string;
  /** Behind its toggle (narrow screens; wide ones show it whatever this says). */
  hidden: boolean;
}

export function MarkdownPreview({ id, label, source, hidden }: Props) {
  // Typing stays quick in a long article: the preview follows when React has time for it.
  const shown = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(shown), [shown]);
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="markdown-preview" aria-labelledby={headingId} data-open={!hidden}>
      <p id={headingId} className="markdown-preview-heading">
        {MARKDOWN_EDITOR.preview(label)}
      </p>
      {shown.trim() === '' ? (
        <p className="field-hint">{MARKDOWN_EDITOR.previewEmpty}</p>
      ) : (
        // Safe by construction: renderMarkdown escapes raw HTML and keeps only safe addresses.
        <div className="markdown-rendered" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}
