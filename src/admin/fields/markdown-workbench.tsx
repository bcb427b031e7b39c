/**
 * The markdown field's editor, loaded lazily by ./markdown.tsx once a markdown field is shown, so
 * CodeMirror, the markdown parser and the site's renderer stay out of the admin's first load: CodeMirror 6 over the
 * field's source, a live preview through the site's own renderer (beside it when there is room, behind a toggle
 * when not), and a picture uploaded into the text with its alt text.
 *
 * The field's textarea stays the control of record (its label, name, value, what drafts and tests read and
 * fill): this editor reports every edit to it through the form's onChange and takes in any value the form
 * sets (a restored draft, a colleague's version), changing only the part that differs so the cursor stays.
 * Tab is left unbound (CodeMirror's default), so the keyboard moves on to the next field as from a textarea, and
 * Enter keeps the line's indentation (./markdown-indent.ts) instead of indenting after inline HTML.
 */
import { markdown } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment } from '@codemirror/state';
import { tags } from '@lezer/highlight';
import { EditorView, minimalSetup } from 'codemirror';
import { StyleModule } from 'style-mod';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MARKDOWN_EDITOR } from '../../lib/staff-messages.ts';
import { ACCEPTED_IMAGE_TYPES } from '../image/accept.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { keepLineIndent } from './markdown-indent.ts';
import { pictureInsertion } from './markdown-source.ts';
import { uploadMarkdownPicture } from './markdown-picture.ts';
import { MarkdownPreview } from './MarkdownPreview.tsx';

export interface WorkbenchProps {
  /** The field's id: the editor is `{id}-editor`, the preview `{id}-preview`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  invalid: boolean;
  required: boolean;
  /** The ids of the field's hint and error, which describe the editor as they describe the textarea. */
  describedBy: string | undefined;
  /** CodeMirror could not start here: the form goes on with the textarea. */
  onFail: () => void;
}

/** Colours readable on the admin's dark background (CodeMirror's default style is for light ones). */
const highlight = HighlightStyle.define([
  { tag: tags.heading, color: 'var(--accent)', fontWeight: 'bold' },
  { tag: tags.strong, fontWeight: 'bold' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: '#7dd3fc', textDecoration: 'underline' },
  { tag: tags.monospace, color: '#fcd34d' },
  { tag: [tags.quote, tags.comment, tags.processingInstruction, tags.meta], color: 'var(--text-muted)' },
]);

const theme = EditorView.theme(
  {
    '&': { color: 'var(--text)', backgroundColor: 'var(--bg)' },
    '.cm-content': { caretColor: 'var(--accent)', fontFamily: 'inherit', padding: '0.65rem 0.8rem' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
      backgroundColor: 'rgb(0 255 135 / 0.3)',
    },
  },
  { dark: true },
);

/**
 * CodeMirror's styles go through style-mod, which puts them in a <style> element when the root is a document —
 * refused by the admin's CSP (Astro's hashes, no 'unsafe-inline') — and in a constructable stylesheet when it is
 * a shadow root, which CSP allows (CSSOM). It decides once per document, by whether the root has a `head`: the
 * first mount is made while `head` reads as absent, so every later one for this document uses the stylesheet.
 */
let stylesAdopted = false;
function adoptStyles() {
  if (stylesAdopted || !('adoptedStyleSheets' in document)) return;
  Object.defineProperty(document, 'head', { configurable: true, get: () => null });
  try {
    StyleModule.mount(document, []);
    stylesAdopted = true;
  } finally {
    // The document's own getter (on Document.prototype) is back.
    Reflect.deleteProperty(document, 'head');
  }
}

/** What the form may change while the editor runs: whether it is editable, and how it is named and described. */
function dynamicExtensions({ label, disabled, invalid, required, describedBy }: WorkbenchProps) {
  const attributes: Record<string, string> = { 'aria-label': MARKDOWN_EDITOR.editorLabel(label) };
  if (describedBy) attributes['aria-describedby'] = describedBy;
  if (invalid) attributes['aria-invalid'] = 'true';
  if (required) attributes['aria-required'] = 'true';
  return [EditorView.editable.of(!disabled), EditorView.contentAttributes.of(attributes)];
}

const imageFileOf = (files: FileList | null | undefined) =>
  [...(files ?? [])].find((file) => file.type.startsWith('image/')) ?? null;

export function MarkdownWorkbench(props: WorkbenchProps) {
  const { id, value } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const dynamic = useRef(new Compartment());
  /** The props of the latest render, for the editor's listeners (set first among the layout effects). */
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const [previewOpen, setPreviewOpen] = useState(false);
  /** The picture panel, open with a pasted or dropped file, or an empty one. */
  const [picking, setPicking] = useState<{ file: File | null } | null>(null);
  const [status, setStatus] = useState('');
  const pictureButton = useRef<HTMLButtonElement>(null);

  useLayoutEffect(() => {
    const parent = host.current;
    if (!parent) return;
    let editor: EditorView;
    try {
      adoptStyles();
      editor = new EditorView({
        parent,
        doc: latest.current.value,
        extensions: [
          minimalSetup,
          markdown(),
          keepLineIndent,
          syntaxHighlighting(highlight),
          theme,
          EditorView.lineWrapping,
          dynamic.current.of(dynamicExtensions(latest.current)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            const text = update.state.doc.toString();
            if (text !== latest.current.value) latest.current.onChange(text);
          }),
          EditorView.domEventHandlers({
            paste(event) {
              const file = imageFileOf(event.clipboardData?.files);
              if (!file) return false;
              event.preventDefault();
              setPicking({ file });
              return true;
            },
            drop(event, target) {
              const file = imageFileOf(event.dataTransfer?.files);
              if (!file) return false;
              event.preventDefault();
              // The picture goes where it was dropped.
              const at = target.posAtCoords({ x: event.clientX, y: event.clientY });
              if (at !== null) target.dispatch({ selection: { anchor: at } });
              setPicking({ file });
              return true;
            },
          }),
        ],
      });
    } catch {
      latest.current.onFail();
      return;
    }
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  // A value the form set (a restored draft, a colleague's version, a filled textarea): only what differs changes.
  // A layout effect, so no keystroke can land between the form's render and this comparison.
  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const current = editor.state.doc.toString();
    if (current === value) return;
    let start = 0;
    while (start < current.length && start < value.length && current[start] === value[start]) start++;
    let end = 0;
    while (
      end < current.length - start &&
      end < value.length - start &&
      current[current.length - 1 - end] === value[value.length - 1 - end]
    )
      end++;
    editor.dispatch({
      changes: { from: start, to: current.length - end, insert: value.slice(start, value.length - end) },
    });
  }, [value]);

  useLayoutEffect(() => {
    view.current?.dispatch({ effects: dynamic.current.reconfigure(dynamicExtensions(latest.current)) });
  }, [props.label, props.disabled, props.invalid, props.required, props.describedBy]);

  function insertPicture(alt: string, url: string) {
    const editor = view.current;
    if (!editor) return;
    const { from, to } = editor.state.selection.main;
    const change = pictureInsertion(editor.state.doc.toString(), from, to, alt, url);
    editor.dispatch({
      changes: { from: change.from, to: change.to, insert: change.insert },
      selection: { anchor: change.cursor },
      scrollIntoView: true,
    });
    setPicking(null);
    setStatus(MARKDOWN_EDITOR.pictureInserted);
    editor.focus();
  }

  function closePicture() {
    setPicking(null);
    pictureButton.current?.focus();
  }

  const previewId = `${id}-preview`;
  const pictureId = `${id}-picture`;
  return (
    <div className="markdown-workbench">
      <div className="markdown-toolbar">
        <button
          ref={pictureButton}
          type="button"
          className="btn btn-outline"
          aria-expanded={picking !== null}
          aria-controls={pictureId}
          disabled={props.disabled}
          onClick={() => {
            setStatus('');
            setPicking((open) => (open ? null : { file: null }));
          }}
        >
          {MARKDOWN_EDITOR.insertPicture}
        </button>
        <button
          type="button"
          className="btn btn-outline markdown-preview-toggle"
          aria-expanded={previewOpen}
          aria-controls={previewId}
          onClick={() => setPreviewOpen((open) => !open)}
        >
          {previewOpen ? MARKDOWN_EDITOR.previewHide : MARKDOWN_EDITOR.previewShow}
        </button>
      </div>
      {picking && (
        <PicturePanel
          id={pictureId}
          initialFile={picking.file}
          disabled={props.disabled}
          onInsert={insertPicture}
          onCancel={closePicture}
        />
      )}
      <div className="markdown-panes">
        <div id={`${id}-editor`} className="markdown-editor" ref={host} />
        <MarkdownPreview id={previewId} label={props.label} source={value} hidden={!previewOpen} />
      </div>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}

interface PanelProps {
  id: string;
  initialFile: File | null;
  disabled: boolean;
  onInsert: (alt: string, url: string) => void;
  onCancel: () => void;
}

/** Choose (or paste, or drop) a picture, describe it, and it is uploaded and written in at the cursor. */
function PicturePanel({ id, initialFile, disabled, onInsert, onCancel }: PanelProps) {
  const [file, setFile] = useState<File | null>(initialFile);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; upload?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    // A pasted or dropped picture needs only its description.
    (initialFile ? altInput : fileInput).current?.focus();
  }, [initialFile]);

  async function upload() {
    const missing = {
      ...(file ? {} : { file: MARKDOWN_EDITOR.pictureFileRequired }),
      ...(alt.trim() ? {} : { alt: MARKDOWN_EDITOR.pictureAltRequired }),
    };
    setErrors(missing);
    if (missing.file) return fileInput.current?.focus();
    if (missing.alt || !file) return altInput.current?.focus();
    setProgress(0);
    const result = await uploadMarkdownPicture(file, setProgress);
    setProgress(null);
    if (result.ok) onInsert(alt.trim(), result.picture.url);
    else setErrors({ upload: result.reason });
  }

  const busy = progress !== null;
  // Inside the item's form: Enter uploads the picture instead of saving the item, Escape closes the panel.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      if (!busy) void upload();
    }
  };
  const fileId = `${id}-file`;
  const altId = `${id}-alt`;
  return (
    <fieldset id={id} className="markdown-picture" onKeyDown={onKeyDown} disabled={disabled || busy}>
      <legend>{MARKDOWN_EDITOR.insertPicture}</legend>
      <div className="field">
        <label htmlFor={fileId}>{MARKDOWN_EDITOR.pictureFile}</label>
        {initialFile && file === initialFile && <p className="field-hint">{initialFile.name}</p>}
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept={ACCEPTED_IMAGE_TYPES.join(',')}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={errors.file ? `${fileId}-error` : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <FieldError id={`${fileId}-error`} message={errors.file} />
      </div>
      <div className="field">
        <label htmlFor={altId}>{MARKDOWN_EDITOR.pictureAlt}</label>
        <input
          ref={altInput}
          id={altId}
          type="text"
          value={alt}
          aria-required="true"
          aria-invalid={errors.alt ? true : undefined}
          aria-describedby={[`${altId}-hint`, errors.alt ? `${altId}-error` : undefined]
            .filter(Boolean)
            .join(' ')}
          onChange={(event) => setAlt(event.target.value)}
        />
        <p id={`${altId}-hint`} className="field-hint">
          {MARKDOWN_EDITOR.pictureAltHint}
        </p>
        <FieldError id={`${altId}-error`} message={errors.alt} />
      </div>
      <FieldError id={`${id}-error`} message={errors.upload} />
      {busy && <p role="status">{MARKDOWN_EDITOR.pictureUploading(progress)}</p>}
      <div className="markdown-picture-actions">
        <button type="button" className="btn btn-primary" onClick={() => void upload()}>
          {MARKDOWN_EDITOR.pictureUpload}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel}>
          {MARKDOWN_EDITOR.pictureCancel}
        </button>
      </div>
    </fieldset>
  );
}
