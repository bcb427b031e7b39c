/**
 * Markdown: the source in a textarea, with a reminder of the syntax; on the card, the start of the source.
 *
 * Once a markdown field is shown, the editor (CodeMirror, a live preview, pictures into the text) is
 * fetched as a chunk of its own and takes the textarea's place on screen. The textarea stays in the form as the
 * control of record — its label's target, its name and value, what drafts, the leave guard and tests read and
 * fill — hidden from sight and from assistive technology, which meet the editor instead. Until the chunk has
 * loaded, or if it cannot load, the textarea is the editor.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { fieldText, type MarkdownField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { hintOf, inputAttributes, textValue, type AdminFieldKind, type InputProps } from './parts.tsx';

/** Enough of an article to tell it apart on its card. */
const PREVIEW_CHARACTERS = 160;

type Workbench = typeof import('./markdown-workbench.tsx');
let workbench: Promise<Workbench> | null = null;

/** One fetch for every markdown field; a failed one (a network blip) is tried again by the next field shown. */
function loadWorkbench(): Promise<Workbench> {
  workbench ??= import('./markdown-workbench.tsx').catch((error: unknown) => {
    workbench = null;
    throw error;
  });
  return workbench;
}

function MarkdownInput(props: InputProps<MarkdownField>) {
  const { id, field, error } = props;
  const [loaded, setLoaded] = useState<Workbench | null>(null);
  useEffect(() => {
    let shown = true;
    loadWorkbench().then(
      (module) => shown && setLoaded(module),
      // The textarea goes on working; nothing is lost.
      () => {},
    );
    return () => {
      shown = false;
    };
  }, []);

  const hint = hintOf(field, FIELD_COPY.markdownHint);
  const attributes = inputAttributes(props, FIELD_COPY.markdownHint);
  const Workbench = loaded?.MarkdownWorkbench;
  const value = textValue(props.value);
  // The label names the textarea; a click on it goes to the editor people see.
  const focusEditor = (event: MouseEvent) => {
    const content = document.getElementById(`${id}-editor`)?.querySelector<HTMLElement>('.cm-content');
    if (!content) return;
    event.preventDefault();
    content.focus();
  };
  return (
    <div className="field">
      <label htmlFor={id} onClick={Workbench ? focusEditor : undefined}>
        {field.label}
      </label>
      {Workbench && (
        <Workbench
          id={id}
          label={field.label}
          value={value}
          onChange={props.onChange}
          disabled={props.disabled}
          invalid={Boolean(error)}
          required={Boolean(field.required)}
          describedBy={attributes['aria-describedby']}
          onFail={() => setLoaded(null)}
        />
      )}
      <textarea
        {...attributes}
        className="markdown-source"
        rows={12}
        maxLength={field.max}
        value={value}
        onChange={(event) => props.onChange(event.target.value)}
        {...(Workbench ? { 'aria-hidden': true, tabIndex: -1, 'data-mirrored': '' } : {})}
      />
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export const markdownAdmin: AdminFieldKind<MarkdownField> = {
  Input: MarkdownInput,
  Cell: ({ field, value }) => {
    const text = fieldText(field, value);
    if (!text) return null;
    const preview = text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS)}…` : text;
    return <p>{FIELD_COPY.cell(field.label, preview)}</p>;
  },
};
