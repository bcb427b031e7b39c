/**
 * The one screen for every content family (home content, home services, home courses, service content,
 * careers, and any family added to the registry): an add/edit form and the list with edit and delete (spec
 * section 2 "Admin screens", 4, 5 and 8), and the content workflow (issue 12): alt text beside the picture,
 * drafts, reordering by buttons and by drag and drop, Undo after a delete, and each item's history. All of it
 * is derived from the family's fields, in their order; only the heading, noun, layout and error policy come
 * from the screen's config (content-screens.ts).
 */
import { useStore } from '@nanostores/react';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type DragEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { ContentFamilyKey, ContentItem } from '../../lib/collections.ts';
import { MAX_LENGTH } from '../../lib/constants.ts';
import { ALT_FIELD, valueFields, type Field, type TextField } from '../../lib/fields.ts';
import { resolveImageUrl } from '../../lib/image-url.ts';
import { VALIDATION } from '../../lib/messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';
import { CONTENT_SCREENS, type ContentScreenConfig } from '../content-screens.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { ImagePicker } from '../parts/ImagePicker.tsx';
import { ItemImage } from '../parts/ItemImage.tsx';
import { LoadFailed } from '../parts/LoadFailed.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { PointsEditor } from '../parts/PointsEditor.tsx';
import {
  createContentStore,
  isDraft,
  versionOf,
  type Conflict,
  type ContentStore,
} from '../stores/content-store.ts';
import { ConflictPanel, type ConflictRow } from '../parts/ConflictPanel.tsx';
import { DraftOffer } from '../parts/DraftOffer.tsx';
import { HistoryDialog } from '../parts/HistoryDialog.tsx';
import { useLeaveGuard } from '../parts/use-leave-guard.ts';
import {
  dropUnsaved,
  isFormValues,
  keepDraft,
  keepUnsaved,
  readUnsaved,
  takeDraft,
  type UnsavedDraft,
} from '../stores/draft.ts';
import { changesFrom } from '../stores/revision-diff.ts';
import { scrollToTop } from '../stores/router.ts';

/** The form's values by field name: text for text fields, a list for points. */
type FormValues = Record<string, string | string[]>;

type FocusTarget = 'invalid' | 'submit' | 'title' | 'conflict' | { item: string };

/** Text trimmed, points without empty lines: what a save would store, so an untouched form is not "changed". */
function normalised(values: FormValues): string {
  return JSON.stringify(
    Object.keys(values)
      .sort()
      .map((name) => {
        const value = values[name];
        return Array.isArray(value)
          ? value.map((point) => point.trim()).filter((point) => point !== '')
          : (value ?? '').trim();
      }),
  );
}

/** Focuses a card's first button (Edit), scrolling it into view; the admin's main region when it is gone. */
function focusItem(id: string | null): void {
  const card = id ? document.querySelector(`[data-item-id="${CSS.escape(id)}"]`) : null;
  const target = card?.querySelector<HTMLElement>('button') ?? document.getElementById('admin-main');
  target?.focus();
}

/** A family with a picture also has its alt text in the form (issue 12). */
const hasAlt = (fields: readonly Field[]) => fields.some((field) => field.kind === 'image');

const emptyValues = (fields: readonly Field[]): FormValues => ({
  ...Object.fromEntries(
    valueFields(fields).map((field) => [
      field.name,
      field.kind === 'points' ? Array.from({ length: field.initial }, () => '') : '',
    ]),
  ),
  ...(hasAlt(fields) ? { [ALT_FIELD]: '' } : {}),
});

const valuesOf = (fields: readonly Field[], item: ContentItem): FormValues => ({
  ...Object.fromEntries(
    valueFields(fields).map((field) => {
      const value = item[field.name];
      if (field.kind !== 'points') return [field.name, typeof value === 'string' ? value : ''];
      const points = Array.isArray(value) ? value.filter((point) => typeof point === 'string') : [];
      while (points.length < field.initial) points.push('');
      return [field.name, points];
    }),
  ),
  ...(hasAlt(fields) ? { [ALT_FIELD]: typeof item[ALT_FIELD] === 'string' ? item[ALT_FIELD] : '' } : {}),
});

const textOf = (item: ContentItem, name: string) => {
  const value = item[name];
  return typeof value === 'string' ? value : '';
};

/** The screen of a family in the registry. */
export default function RegisteredContentScreen({ family }: { family: ContentFamilyKey }) {
  return <ContentScreen screen={CONTENT_SCREENS[family]} />;
}

/** The screen of any content family, from its config (the registry's, or a test's own family). */
export function ContentScreen({ screen }: { screen: ContentScreenConfig }) {
  const store = useMemo(() => createContentStore(screen), [screen]);
  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {screen.heading}
      </h1>
      <ContentForm config={screen} store={store} />
      <ContentList config={screen} store={store} />
      <Announcer store={store} />
    </section>
  );
}

/** A polite live region for what changes without a notice: an item moved in the order. */
function Announcer({ store }: { store: ContentStore }) {
  const announcement = useStore(store.$announcement);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}

export function ContentForm({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const id = useId();
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const progress = useStore(store.$progress);
  const editing = useStore(store.$editing);
  const list = useStore(store.$list);
  const conflict = useStore(store.$conflict);
  // Input kept while the admin signed in again after the session expired on Save (issue 10.11).
  const [draft] = useState(() => takeDraft(family.key));
  const pendingDraft = useRef<{
    editingId: string | null;
    values: FormValues;
    version?: number | null;
  } | null>(draft);
  // What was typed and not saved before a reload or a trip to another screen (issue 21), offered back.
  const [offer, setOffer] = useState(() => (draft ? null : readUnsaved(family.key, isFormValues)));
  /** The version the edit started from, sent as If-Match. */
  const [baseVersion, setBaseVersion] = useState<number | undefined>(undefined);
  /** Set by "Save my version": the next save is made over the version that won. */
  const overwrite = useRef(false);
  const conflictRef = useRef<HTMLElement>(null);
  const [values, setValues] = useState<FormValues>(() => ({
    ...emptyValues(family.fields),
    ...(draft?.editingId === null ? draft.values : {}),
  }));
  const [file, setFile] = useState<File | null>(null);
  const [saveAsDraft, setSaveAsDraft] = useState(false);
  const undo = useStore(store.$undo);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const [focusRequest, setFocusRequest] = useState<{ target: FocusTarget; tick: number } | null>(null);
  const focus = (target: FocusTarget) => setFocusRequest((last) => ({ target, tick: (last?.tick ?? 0) + 1 }));
  const working = busy !== null;
  const saving = busy?.action === 'saving';

  // Entering edit mode fills the form and scrolls to it; leaving it (Cancel, a successful save) empties it.
  useEffect(() => {
    const kept = pendingDraft.current;
    const restored = kept !== null && kept.editingId === (editing?._id ?? null);
    if (restored) pendingDraft.current = null;
    const base = editing ? valuesOf(family.fields, editing) : emptyValues(family.fields);
    setValues(restored ? { ...base, ...kept.values } : base);
    setBaseVersion(
      restored && typeof kept.version === 'number' ? kept.version : editing ? versionOf(editing) : undefined,
    );
    setFile(null);
    setSaveAsDraft(editing ? isDraft(editing) : false);
    setErrors({});
    if (editing) {
      scrollToTop();
      titleRef.current?.focus({ preventScroll: true });
    }
  }, [editing, family]);

  // A kept draft of an edit returns to that item once the list has it (or to add mode if it is gone).
  useEffect(() => {
    const kept = pendingDraft.current;
    if (!kept?.editingId || list.status !== 'ready') return;
    const item = list.items.find((candidate) => candidate._id === kept.editingId);
    if (item) store.startEdit(item);
    else {
      pendingDraft.current = null;
      setValues({ ...emptyValues(family.fields), ...kept.values });
    }
  }, [list, store, family]);

  const baseline = useMemo(
    () => normalised(editing ? valuesOf(family.fields, editing) : emptyValues(family.fields)),
    [editing, family],
  );
  const dirty =
    normalised(values) !== baseline || file !== null || saveAsDraft !== (editing ? isDraft(editing) : false);
  useLeaveGuard(dirty);

  // Kept as typed, so a reload or another screen loses nothing; forgotten once saved, cancelled or undone.
  const editingId = editing?._id ?? null;
  useEffect(() => {
    if (dirty)
      keepUnsaved(family.key, {
        editingId,
        version: baseVersion ?? null,
        values,
        savedAt: new Date().toISOString(),
      });
    else if (!offer) dropUnsaved(family.key);
  }, [dirty, values, editingId, baseVersion, offer, family]);

  function restoreOffer(kept: UnsavedDraft<FormValues>) {
    setOffer(null);
    if (kept.editingId !== null && editing?._id === kept.editingId) {
      setValues({ ...valuesOf(family.fields, editing), ...kept.values });
      setBaseVersion(kept.version ?? versionOf(editing));
      return;
    }
    if (kept.editingId === null && !editing) {
      setValues({ ...emptyValues(family.fields), ...kept.values });
      return;
    }
    // Through the same path as a draft kept over a new sign-in: the item is opened, then filled.
    pendingDraft.current = kept;
    if (kept.editingId === null) store.cancelEdit();
    else {
      const item = list.items.find((candidate) => candidate._id === kept.editingId);
      if (item) store.startEdit(item);
      else if (list.status === 'ready') {
        pendingDraft.current = null;
        setValues({ ...emptyValues(family.fields), ...kept.values });
      }
    }
  }

  // Focus goes where the person's next step is, once the screen shows the outcome (issue 10.8).
  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === 'invalid') formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    else if (target === 'submit') submitRef.current?.focus();
    else if (target === 'title') titleRef.current?.focus();
    else if (target === 'conflict') conflictRef.current?.focus();
    else focusItem(target.item);
  }, [focusRequest]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const parsed = family.inputSchema.safeParse({ ...values, published: !saveAsDraft });
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!editing && family.image?.requiredOnCreate && !file) found.image = VALIDATION.imageRequired;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      // A message from an earlier save must not sit beside the new errors.
      store.clearNotice();
      focus('invalid');
      return;
    }
    const over = overwrite.current && conflict?.id === editingId ? conflict : null;
    overwrite.current = false;
    const result = await store.save({
      id: editingId,
      fields: parsed.data as Record<string, unknown>,
      file,
      version: over ? versionOf(over.theirs) : baseVersion,
    });
    if (result.ok) {
      // Adding leaves add mode unchanged, so the form is emptied here; after an update the effect does it.
      setValues(emptyValues(family.fields));
      setFile(null);
      setSaveAsDraft(false);
      // Ready for the next item, or on the card just updated.
      focus(editingId ? { item: editingId } : 'title');
      return;
    }
    if (result.sessionExpired) keepDraft(family.key, { editingId, values });
    setErrors(result.fieldErrors);
    if (store.$conflict.get()) focus('conflict');
    else focus(Object.keys(result.fieldErrors).length > 0 ? 'invalid' : 'submit');
  }

  const set = (name: string, value: string | string[]) =>
    setValues((current) => ({ ...current, [name]: value }));
  const describe = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  const describeText = (field: TextField) =>
    [describe(field.name), field.hint ? `${id}-${field.name}-hint` : undefined].filter(Boolean).join(' ') ||
    undefined;
  const currentImage =
    typeof editing?.image === 'string' && family.image
      ? resolveImageUrl(editing.image, family.image.folder)
      : null;

  const inputOf = (field: TextField) => {
    const common = {
      value: typeof values[field.name] === 'string' ? (values[field.name] as string) : '',
      maxLength: field.max,
      'aria-required': field.required === null ? undefined : ('true' as const),
      'aria-invalid': errors[field.name] ? true : undefined,
      'aria-describedby': describeText(field),
      disabled: working,
    };
    return field.kind === 'textarea' ? (
      <textarea
        id={`${id}-${field.name}`}
        {...common}
        onChange={(event) => set(field.name, event.target.value)}
      />
    ) : (
      <input
        ref={field.name === family.titleField ? titleRef : undefined}
        id={`${id}-${field.name}`}
        type="text"
        {...common}
        onChange={(event) => set(field.name, event.target.value)}
      />
    );
  };

  const altInput = (
    <div className="field" key={ALT_FIELD}>
      <label htmlFor={`${id}-${ALT_FIELD}`}>{WORKFLOW_COPY.altLabel}</label>
      <input
        id={`${id}-${ALT_FIELD}`}
        type="text"
        value={typeof values[ALT_FIELD] === 'string' ? values[ALT_FIELD] : ''}
        maxLength={MAX_LENGTH.alt}
        aria-invalid={errors[ALT_FIELD] ? true : undefined}
        aria-describedby={[`${id}-${ALT_FIELD}-hint`, describe(ALT_FIELD)].filter(Boolean).join(' ')}
        disabled={working}
        onChange={(event) => set(ALT_FIELD, event.target.value)}
      />
      <p id={`${id}-${ALT_FIELD}-hint`} className="field-hint">
        {WORKFLOW_COPY.altHint}
      </p>
      <FieldError id={`${id}-${ALT_FIELD}-error`} message={errors[ALT_FIELD]} />
    </div>
  );

  const controlOf = (field: Field): ReactNode => {
    switch (field.kind) {
      case 'image':
        return [
          <ImagePicker
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.requiredOnCreate ? FORM.image : FORM.imageOptional}
            file={file}
            currentUrl={currentImage}
            onPick={(picked) => {
              setFile(picked);
              setErrors(({ image: _image, ...rest }) => rest);
            }}
            onRefuse={(reason) => setErrors((current) => ({ ...current, image: reason }))}
            downscaled={field.browserDownscale}
            error={errors.image}
            hint={field.hint}
            progress={progress}
            disabled={working}
            required={field.requiredOnCreate && !editing}
          />,
          altInput,
        ];
      case 'points':
        return (
          <PointsEditor
            key={field.name}
            id={`${id}-${field.name}`}
            rule={field}
            points={Array.isArray(values[field.name]) ? (values[field.name] as string[]) : []}
            onChange={(points) => set(field.name, points)}
            error={errors[field.name]}
            disabled={working}
          />
        );
      case 'text':
      case 'textarea':
        return (
          <div className="field" key={field.name}>
            <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
            {inputOf(field)}
            {field.hint && (
              <p id={`${id}-${field.name}-hint`} className="field-hint">
                {field.hint}
              </p>
            )}
            <FieldError id={`${id}-${field.name}-error`} message={errors[field.name]} />
          </div>
        );
    }
  };

  return (
    <div className="panel">
      <h2 className="panel-title">
        {editing ? `${FORM.update} ${config.noun}` : `${FORM.add} ${config.noun}`}
      </h2>
      {editing && <p className="field-hint">{FORM.editing(textOf(editing, family.titleField))}</p>}
      <NoticeArea
        notice={notice}
        onDismiss={store.clearNotice}
        action={
          undo
            ? {
                label: WORKFLOW_COPY.undo,
                disabled: working,
                run: () =>
                  void store.undoDelete().then((restored) => {
                    if (restored) requestAnimationFrame(() => focusItem(undo.id));
                  }),
              }
            : null
        }
      />
      {offer && (
        <DraftOffer
          savedAt={offer.savedAt}
          onRestore={() => restoreOffer(offer)}
          onDiscard={() => setOffer(null)}
        />
      )}
      {conflict && conflict.id === editingId && editing && (
        <ConflictPanel
          ref={conflictRef}
          level={3}
          message={conflict.message}
          rows={conflictRows(config, conflict, {
            ...editing,
            ...values,
            published: !saveAsDraft,
            ...(file ? { image: file.name } : {}),
          })}
          working={working}
          onKeepMine={() => {
            overwrite.current = true;
            formRef.current?.requestSubmit();
          }}
          onTakeTheirs={store.takeTheirs}
        />
      )}
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
        {family.fields.map(controlOf)}
        <div className="field field-check">
          <input
            id={`${id}-draft`}
            type="checkbox"
            checked={saveAsDraft}
            disabled={working}
            onChange={(event) => setSaveAsDraft(event.target.checked)}
          />
          <label htmlFor={`${id}-draft`}>{WORKFLOW_COPY.saveAsDraft}</label>
        </div>
        <div className="form-actions">
          <button ref={submitRef} type="submit" className="btn btn-primary" disabled={working}>
            {saving ? FORM.processing : `${editing ? FORM.update : FORM.add} ${config.noun}`}
          </button>
          {editing && (
            <button type="button" className="btn btn-outline" disabled={working} onClick={store.cancelEdit}>
              {FORM.cancel}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

/** The fields the newer version changed, each with its value there and in the form. */
function conflictRows(config: ContentScreenConfig, conflict: Conflict, mine: ContentItem): ConflictRow[] {
  const theirs = changesFrom(config.family, mine, conflict.theirs);
  // Both lists follow the family's field order and name the same fields, so they pair by position.
  const yours = changesFrom(config.family, conflict.theirs, mine);
  return theirs.map((change, index) => ({
    key: change.label,
    label: change.label,
    theirs: change.old,
    yours: yours[index]?.old,
  }));
}

/**
 * An item's card body: the picture on top, the title field as the heading, then the other fields in their order
 * (texts as paragraphs, points as a list).
 */
function ItemFields({ config, item }: { config: ContentScreenConfig; item: ContentItem }) {
  const { family } = config;
  const image = typeof item.image === 'string' && item.image !== '' ? item.image : undefined;
  const rest = valueFields(family.fields).filter((field) => field.name !== family.titleField);
  return (
    <>
      {/* The grid keeps every card's picture slot (the fallback fills it); a list shows only real pictures. */}
      {family.image && (config.layout === 'grid' || image) && (
        <ItemImage value={image} folder={family.image.folder} />
      )}
      {isDraft(item) && <span className="badge badge-draft">{WORKFLOW_COPY.draft}</span>}
      <h3>{textOf(item, family.titleField)}</h3>
      {rest.map((field) => {
        if (field.kind !== 'points') {
          const text = textOf(item, field.name);
          return text ? <p key={field.name}>{text}</p> : null;
        }
        const value = item[field.name];
        const points = Array.isArray(value) ? value.filter((point) => typeof point === 'string') : [];
        return points.length > 0 ? (
          <ul key={field.name} className="item-points">
            {points.map((point, index) => (
              <li key={index}>{point}</li>
            ))}
          </ul>
        ) : null;
      })}
    </>
  );
}

/**
 * A card's button: its visible label, and the item's name for screen readers, so "Edit" on every card is told
 * apart ("Edit Ethical Hacking").
 */
function ItemButton({
  name,
  className = 'btn btn-outline btn-small',
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  name: string;
  'data-history'?: boolean;
  'data-move'?: string;
}) {
  return (
    <button type="button" className={className} {...rest}>
      {children}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}

/** After a move the card's DOM node may have been re-inserted: focus goes back to the button pressed (or its twin at an end). */
function focusMoveButton(id: string, direction: 'up' | 'down'): void {
  const card = document.querySelector(`[data-item-id="${CSS.escape(id)}"]`);
  const wanted = card?.querySelector<HTMLButtonElement>(`button[data-move="${direction}"]`);
  const other = card?.querySelector<HTMLButtonElement>(
    `button[data-move="${direction === 'up' ? 'down' : 'up'}"]`,
  );
  (wanted && !wanted.disabled ? wanted : other)?.focus();
}

export function ContentList({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);
  const [historyOf, setHistoryOf] = useState<ContentItem | null>(null);
  /** The card being dragged by its handle, and the card it would land on. */
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);

  if (list.status === 'loading') return <p className="alert alert-info">{FORM.loading}</p>;
  if (list.status === 'error') {
    return <LoadFailed message={list.error} onRetry={() => void store.load()} />;
  }
  if (list.items.length === 0) return <p className="alert alert-info">{family.messages.empty}</p>;

  async function onDelete(item: ContentItem) {
    // Spec section 5: a confirmation for every family except home courses.
    if (family.confirmDelete && !window.confirm(family.confirmDelete)) return;
    const index = list.items.findIndex((candidate) => candidate._id === item._id);
    const neighbour = list.items[index + 1] ?? list.items[index - 1] ?? null;
    const removed = await store.remove(item._id);
    // The card went at once; focus moves to its neighbour (or back to the card if it returned), once the
    // buttons are enabled again, rather than falling to the top of the page.
    requestAnimationFrame(() => focusItem(removed ? (neighbour?._id ?? null) : item._id));
  }

  function onMove(item: ContentItem, index: number, direction: 'up' | 'down') {
    void store.move(item._id, direction === 'up' ? index - 1 : index + 1);
    requestAnimationFrame(() => focusMoveButton(item._id, direction));
  }

  const cardAt = (event: DragEvent) =>
    (event.target as Element).closest<HTMLElement>('[data-item-id]')?.dataset.itemId ?? null;

  function onDragOver(event: DragEvent<HTMLUListElement>) {
    if (!dragged.current) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(cardAt(event));
  }

  function onDrop(event: DragEvent<HTMLUListElement>) {
    const id = dragged.current;
    const target = cardAt(event);
    dragged.current = null;
    setDropTarget(null);
    if (!id || !target) return;
    event.preventDefault();
    const to = list.items.findIndex((item) => item._id === target);
    if (to >= 0) void store.move(id, to);
  }

  const last = list.items.length - 1;
  return (
    <>
      <ul
        className={config.layout === 'grid' ? 'card-grid' : 'item-list'}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onDragLeave={(event) => {
          if (event.target === event.currentTarget) setDropTarget(null);
        }}
      >
        {list.items.map((item, index) => {
          const deleting = busy?.action === 'deleting' && busy.id === item._id;
          const name = textOf(item, family.titleField);
          const draft = isDraft(item);
          return (
            <li
              key={item._id}
              className={dropTarget === item._id ? 'item-card is-drop-target' : 'item-card'}
              data-item-id={item._id}
            >
              <ItemFields config={config} item={item} />
              <div className="item-actions">
                <ItemButton name={name} disabled={busy !== null} onClick={() => store.startEdit(item)}>
                  {FORM.edit}
                </ItemButton>
                <ItemButton
                  name={name}
                  className="btn btn-danger btn-small"
                  disabled={busy !== null}
                  onClick={() => void onDelete(item)}
                >
                  {deleting ? FORM.deleting : FORM.delete}
                </ItemButton>
                <ItemButton
                  name={name}
                  disabled={busy !== null}
                  onClick={() => void store.setPublished(item, draft)}
                >
                  {draft ? WORKFLOW_COPY.publish : WORKFLOW_COPY.unpublish}
                </ItemButton>
                <ItemButton name={name} data-history onClick={() => setHistoryOf(item)}>
                  {WORKFLOW_COPY.history}
                </ItemButton>
              </div>
              <div className="item-order">
                <ItemButton
                  name={name}
                  data-move="up"
                  disabled={index === 0}
                  onClick={() => onMove(item, index, 'up')}
                >
                  <span aria-hidden="true">↑ </span>
                  {WORKFLOW_COPY.moveUp}
                </ItemButton>
                <ItemButton
                  name={name}
                  data-move="down"
                  disabled={index === last}
                  onClick={() => onMove(item, index, 'down')}
                >
                  <span aria-hidden="true">↓ </span>
                  {WORKFLOW_COPY.moveDown}
                </ItemButton>
                {/* Mouse and touch-pad dragging; the buttons beside it are the keyboard's way. */}
                <span
                  className="drag-handle"
                  draggable
                  aria-hidden="true"
                  title={WORKFLOW_COPY.dragHandle}
                  onDragStart={(event) => {
                    dragged.current = item._id;
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', item._id);
                    const card = event.currentTarget.closest('li');
                    if (card) event.dataTransfer.setDragImage(card, 16, 16);
                  }}
                  onDragEnd={() => {
                    dragged.current = null;
                    setDropTarget(null);
                  }}
                >
                  ⠿
                </span>
              </div>
            </li>
          );
        })}
      </ul>
      {historyOf && (
        <HistoryDialog
          config={config}
          store={store}
          item={list.items.find((item) => item._id === historyOf._id) ?? historyOf}
          onClose={() => {
            const id = historyOf._id;
            setHistoryOf(null);
            // Back to the History button that opened the panel.
            requestAnimationFrame(() =>
              document
                .querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"] button[data-history]`)
                ?.focus(),
            );
          }}
        />
      )}
    </>
  );
}
