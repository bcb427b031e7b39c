/**
 * Site settings: one form with every setting (src/lib/site-settings.ts), each drawn by its field
 * kind's admin input (src/admin/fields/) as content forms are, grouped by page, checked with the API's own schema
 * before sending, and the settings' earlier versions with a Restore button each.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { settingsFamily } from '../../lib/collections.ts';
import { fromFormValue, toFormValue, type FormValue } from '../../lib/fields.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { isPaymentSetting } from '../../lib/setting-changes.ts';
import { SETTING_GROUPS, type SettingField } from '../../lib/setting-builders.ts';
import type { SiteSettings } from '../../lib/site-settings.ts';
import { COURSE_SETTINGS } from '../../lib/staff-messages.ts';
import { FORM, SITE_SETTINGS } from '../admin-copy.ts';
import { adminKindOf, singletonForm } from '../fields/index.ts';
import { istDateTime } from '../format/ist.ts';
import { ConflictPanel, type ConflictRow } from '../parts/ConflictPanel.tsx';
import { DraftOffer } from '../parts/DraftOffer.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { useLeaveGuard } from '../parts/use-leave-guard.ts';
import { dropUnsaved, keepUnsaved, readUnsaved } from '../stores/draft.ts';
import { $me } from '../stores/session.ts';
import { createSettingsStore, type SettingsConflict } from '../stores/settings-store.ts';

type Draft = Record<string, FormValue>;

const FIELDS: readonly SettingField[] = settingsFamily.fields;

/** Every value as its kind's input edits it (text for every kind the settings use). */
const toDraft = (settings: SiteSettings): Draft =>
  Object.fromEntries(
    FIELDS.map((field) => [field.name, toFormValue(field, settings[field.name as keyof SiteSettings])]),
  );

/** The form's values back into the API's shape, by each field's kind; the schema then decides what is valid. */
const fromDraft = (draft: Draft): Record<string, unknown> =>
  Object.fromEntries(FIELDS.map((field) => [field.name, fromFormValue(field, draft[field.name])]));

/** The kept draft's key: the settings are one form. */
const DRAFT_KEY = settingsFamily.key;

const isFormValue = (value: unknown) =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((entry) => typeof entry === 'string'));
const isDraftValues = (value: unknown): value is Draft =>
  typeof value === 'object' && value !== null && Object.values(value).every(isFormValue);

/** A value as the conflict panel shows it. */
const shownValue = (value: FormValue | undefined): string =>
  typeof value === 'string'
    ? value
    : Array.isArray(value)
      ? value.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join('\n')
      : String(value ?? '');
/** Trimmed, so an untouched form (or one only re-spaced) is not "changed". */
const sameValue = (a: FormValue | undefined, b: FormValue | undefined) =>
  shownValue(a).trim() === shownValue(b).trim();
const sameDraft = (a: Draft, b: Draft) => FIELDS.every((field) => sameValue(a[field.name], b[field.name]));

export default function SiteSettingsScreen() {
  const store = useMemo(() => createSettingsStore(), []);
  const state = useStore(store.$state);
  const saving = useStore(store.$saving);
  const errors = useStore(store.$errors);
  const notice = useStore(store.$notice);
  const conflict = useStore(store.$conflict);
  const [draft, setDraft] = useState<Draft | null>(null);
  // What was typed and not saved before a reload or a trip to another screen, offered back.
  const [offer, setOffer] = useState(() => readUnsaved(DRAFT_KEY, isDraftValues));
  /** The version the form was filled from, sent as If-Match. */
  const [baseVersion, setBaseVersion] = useState<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  // Where students pay is the owners' to change: an editor sees those settings, and saves them as they are.
  const me = useStore($me);
  const paymentLocked = me?.role !== 'owner';

  useEffect(() => {
    void store.load();
    return store.clearNotice;
  }, [store]);

  // The form starts from the stored settings once they are known, and follows them after a save or restore.
  const [shown, setShown] = useState<SiteSettings | null>(null);
  const loaded = state.status === 'ready' ? state.settings : null;
  if (loaded !== shown) {
    setShown(loaded);
    if (loaded) setDraft(toDraft(loaded));
    if (state.status === 'ready') setBaseVersion(state.version);
  }

  const dirty = draft !== null && shown !== null && !sameDraft(draft, toDraft(shown));
  useLeaveGuard(dirty);
  useEffect(() => {
    if (dirty && draft)
      keepUnsaved(DRAFT_KEY, {
        editingId: null,
        version: baseVersion ?? null,
        values: draft,
        savedAt: new Date().toISOString(),
      });
    else if (!offer && shown) dropUnsaved(DRAFT_KEY);
  }, [dirty, draft, baseVersion, offer, shown]);

  // After a refused save, the first field with a reason takes the focus (its reason is read with it).
  useEffect(() => {
    const first = FIELDS.find((field) => errors[field.name]);
    if (first) document.getElementById(`${id}-${first.name}`)?.focus();
  }, [errors, id]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || !draft) return;
    const parsed = settingsFamily.inputSchema.safeParse(fromDraft(draft));
    if (!parsed.success) {
      store.clearNotice();
      store.setErrors(fieldErrors(parsed.error));
      return;
    }
    store.setErrors({});
    const over = overwrite.current ? conflict : null;
    overwrite.current = false;
    await store.save(parsed.data, over ? over.version : baseVersion);
  }

  /** Set by "Save my version": the next save is made over the version that won. */
  const overwrite = useRef(false);

  // The panel takes the focus whenever it appears or names a newer conflict, so the news is read out at once.
  const conflictRef = useRef<HTMLElement>(null);
  const shownConflict = draft ? conflict : null;
  useEffect(() => conflictRef.current?.focus(), [shownConflict]);

  const set = (name: string, value: FormValue) => setDraft((current) => ({ ...current, [name]: value }));
  const context = singletonForm(draft ?? {}, errors, set);

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {SITE_SETTINGS.heading}
      </h1>
      <p className="field-hint">{SITE_SETTINGS.intro}</p>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
      {offer && draft && (
        <DraftOffer
          savedAt={offer.savedAt}
          onRestore={() => {
            setOffer(null);
            setDraft((current) => ({ ...current, ...offer.values }));
            if (offer.version !== null) setBaseVersion(offer.version);
          }}
          onDiscard={() => setOffer(null)}
        />
      )}
      {conflict && draft && (
        <ConflictPanel
          ref={conflictRef}
          level={2}
          message={conflict.message}
          rows={conflictRows(conflict, draft)}
          working={saving}
          onKeepMine={() => {
            overwrite.current = true;
            formRef.current?.requestSubmit();
          }}
          onTakeTheirs={store.takeTheirs}
        />
      )}
      {state.status === 'loading' && <p>{FORM.loading}</p>}
      {state.status === 'error' && (
        <button type="button" className="btn btn-outline" onClick={() => void store.load()}>
          {FORM.retry}
        </button>
      )}
      {draft && (
        <form
          ref={formRef}
          className="panel settings-form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-busy={saving}
        >
          {SETTING_GROUPS.map((group) => (
            <fieldset className="settings-group" key={group}>
              <legend>{SITE_SETTINGS.groups[group]}</legend>
              {paymentLocked &&
                FIELDS.some((field) => field.group === group && isPaymentSetting(field.name)) && (
                  <p className="field-hint settings-owners-only" id={`${id}-owners-only`}>
                    {COURSE_SETTINGS.ownersOnly}
                  </p>
                )}
              {FIELDS.filter((field) => field.group === group).map((field) => {
                const { Input } = adminKindOf(field);
                const locked = paymentLocked && isPaymentSetting(field.name);
                return (
                  <Input
                    key={field.name}
                    field={field}
                    id={`${id}-${field.name}`}
                    name={field.name}
                    value={draft[field.name]}
                    onChange={(value) => set(field.name, value)}
                    error={errors[field.name]}
                    disabled={saving || locked}
                    form={context}
                  />
                );
              })}
            </fieldset>
          ))}
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={saving}>
              {saving ? SITE_SETTINGS.saving : SITE_SETTINGS.save}
            </button>
          </div>
        </form>
      )}
      {state.status === 'ready' && (
        <div className="panel">
          <h2 className="panel-title">{SITE_SETTINGS.history}</h2>
          {state.history.length === 0 ? (
            <p className="field-hint">{SITE_SETTINGS.historyEmpty}</p>
          ) : (
            <ul className="settings-history">
              {state.history.map((version, index) => {
                const when = istDateTime(version.savedAt);
                // The newest version is what the site shows now: nothing to restore.
                return index === 0 ? (
                  <li key={version.rev}>
                    <span>{SITE_SETTINGS.current(when)}</span>
                  </li>
                ) : (
                  <li key={version.rev}>
                    <span>{SITE_SETTINGS.savedAt(when)}</span>
                    <button
                      type="button"
                      className="btn btn-outline btn-small"
                      disabled={saving}
                      aria-label={SITE_SETTINGS.restoreLabel(when)}
                      onClick={() => void store.restore(version.rev)}
                    >
                      {SITE_SETTINGS.restore}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

/** The settings the newer version changed, each with its value there and in the form. */
function conflictRows(conflict: SettingsConflict, draft: Draft): ConflictRow[] {
  const theirs = toDraft(conflict.theirs);
  return FIELDS.filter((field) => !sameValue(theirs[field.name], draft[field.name])).map((field) => ({
    key: field.name,
    label: field.label,
    theirs: shownValue(theirs[field.name]),
    yours: shownValue(draft[field.name]),
  }));
}
