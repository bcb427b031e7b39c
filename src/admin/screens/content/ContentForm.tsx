/**
 * The content screen's form: add or edit an item of the family, its fields drawn by their kinds' inputs
 * (src/admin/fields/), with drafts kept over a reload or a new sign-in, a 412's differences
 * and "save mine" or "take theirs", and the focus where the next step is.
 */
import { SCHEDULE_FIELDS } from '../../../lib/schedule.ts';
import { SCHEDULE } from '../../../lib/staff-messages.ts';
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ContentItem } from '../../../lib/collections.ts';
import type { Field, FormValue } from '../../../lib/fields.ts';
import { VALIDATION } from '../../../lib/api-messages.ts';
import { fieldErrors } from '../../../lib/schemas.ts';
import { FORM, WORKFLOW_COPY } from '../../admin-copy.ts';
import type { ContentScreenConfig } from '../../content-screens.ts';
import { adminKindOf, type FormContext } from '../../fields/index.ts';
import { ConflictPanel, type ConflictRow } from '../../parts/ConflictPanel.tsx';
import { DraftOffer } from '../../parts/DraftOffer.tsx';
import { NoticeArea } from '../../parts/NoticeArea.tsx';
import { useLeaveGuard } from '../../parts/use-leave-guard.ts';
import { isDraft, versionOf, type Conflict, type ContentStore } from '../../stores/content-store.ts';
import {
  dropUnsaved,
  isFormValues,
  keepDraft,
  keepUnsaved,
  readUnsaved,
  takeDraft,
  type UnsavedDraft,
} from '../../stores/draft.ts';
import { changesFrom } from '../../stores/revision-diff.ts';
import { scrollToTop } from '../../stores/router.ts';
import { focusItem } from './focus.ts';
import { PreviewShare } from './PreviewShare.tsx';
import { apiValuesOf, emptyValues, normalised, valuesOf, type FormValues } from './form-values.ts';

type FocusTarget = 'invalid' | 'submit' | 'title' | 'conflict' | { item: string };

const textOf = (item: ContentItem, name: string) => {
  const value = item[name];
  return typeof value === 'string' ? value : '';
};

export function ContentForm({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const id = useId();
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const progress = useStore(store.$progress);
  const editing = useStore(store.$editing);
  const list = useStore(store.$list);
  const conflict = useStore(store.$conflict);
  // Input kept while the admin signed in again after the session expired on Save.
  const [draft] = useState(() => takeDraft(family.key));
  const pendingDraft = useRef<{
    editingId: string | null;
    values: FormValues;
    version?: number | null;
  } | null>(draft);
  // What was typed and not saved before a reload or a trip to another screen, offered back.
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

  // Focus goes where the person's next step is, once the screen shows the outcome.
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
    const parsed = family.inputSchema.safeParse({
      ...apiValuesOf(family.fields, values),
      published: !saveAsDraft,
    });
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

  const set = (name: string, value: FormValue) => setValues((current) => ({ ...current, [name]: value }));
  const context: FormContext = {
    family,
    editing,
    titleRef,
    values,
    errors,
    set,
    setError: (name, message) =>
      setErrors(({ [name]: _old, ...rest }) => (message === undefined ? rest : { ...rest, [name]: message })),
    file,
    setFile,
    progress,
  };

  const controlOf = (field: Field) => {
    const { Input } = adminKindOf(field);
    return (
      <Fragment key={field.name}>
        <Input
          field={field}
          id={`${id}-${field.name}`}
          value={values[field.name]}
          onChange={(value) => set(field.name, value)}
          error={errors[field.name]}
          disabled={working}
          form={context}
        />
      </Fragment>
    );
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
            ...apiValuesOf(family.fields, values),
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
        {/* Every family's items may go live and leave by themselves. */}
        <fieldset className="schedule-fields">
          <legend>{SCHEDULE.legend}</legend>
          {SCHEDULE_FIELDS.map(controlOf)}
        </fieldset>
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
      {!family.staffOnly && (
        <PreviewShare
          key={`${family.key}:${editingId ?? ''}`}
          family={family.key}
          itemId={editingId}
          values={() => apiValuesOf(family.fields, values)}
          disabled={working}
        />
      )}
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
