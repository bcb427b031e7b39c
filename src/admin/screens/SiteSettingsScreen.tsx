/**
 * Site settings (issue 12.7): one form with every setting of the registry (src/lib/site-settings.ts), grouped as
 * the registry groups them, checked with the API's own schema before sending, and the settings' earlier
 * versions with a Restore button each.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { settingsFamily } from '../../lib/collections.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { SETTING_GROUPS, type SettingField, type SiteSettings } from '../../lib/site-settings.ts';
import { FORM, SITE_SETTINGS } from '../admin-copy.ts';
import { istDateTime } from '../format/ist.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { createSettingsStore } from '../stores/settings-store.ts';

type Draft = Record<string, string>;

const FIELDS: readonly SettingField[] = settingsFamily.fields;

/** Every value as the form edits it: text; lines one per line. */
const toDraft = (settings: SiteSettings): Draft =>
  Object.fromEntries(
    FIELDS.map((field) => {
      const value = settings[field.name as keyof SiteSettings];
      return [field.name, Array.isArray(value) ? value.join('\n') : String(value)];
    }),
  );

/** The form's text back into the API's shape; the schema then decides what is valid. */
const fromDraft = (draft: Draft): Record<string, unknown> =>
  Object.fromEntries(
    FIELDS.map((field) => {
      const text = draft[field.name] ?? '';
      if (field.kind === 'lines') return [field.name, text.split('\n')];
      if (field.kind === 'count') return [field.name, text.trim() === '' ? Number.NaN : Number(text)];
      return [field.name, text];
    }),
  );

const INPUT_TYPES: Partial<Record<SettingField['kind'], string>> = {
  text: 'text',
  email: 'email',
  tel: 'tel',
  url: 'url',
  count: 'number',
};

export default function SiteSettingsScreen() {
  const store = useMemo(() => createSettingsStore(), []);
  const state = useStore(store.$state);
  const saving = useStore(store.$saving);
  const errors = useStore(store.$errors);
  const notice = useStore(store.$notice);
  const [draft, setDraft] = useState<Draft | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

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
  }

  // After a refused save, the first field with a reason takes the focus (its reason is read with it).
  useEffect(() => {
    const first = FIELDS.find((field) => errors[field.name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
  }, [errors]);

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
    await store.save(parsed.data);
  }

  const input = (field: SettingField, value: string) => {
    const fieldId = `${id}-${field.name}`;
    const described =
      [errors[field.name] ? `${fieldId}-error` : '', field.hint ? `${fieldId}-hint` : '']
        .filter(Boolean)
        .join(' ') || undefined;
    const common = {
      id: fieldId,
      name: field.name,
      value,
      disabled: saving,
      required: field.required,
      'aria-invalid': errors[field.name] ? true : undefined,
      'aria-describedby': described,
      onChange: (event: { target: { value: string } }) =>
        setDraft((current) => ({ ...current, [field.name]: event.target.value })),
    };
    if (field.kind === 'textarea' || field.kind === 'lines')
      return <textarea {...common} rows={field.kind === 'lines' ? 4 : 5} />;
    return (
      <input
        {...common}
        type={INPUT_TYPES[field.kind] ?? 'text'}
        {...(field.kind === 'count'
          ? { min: 0, max: field.max, step: 1, inputMode: 'numeric' as const }
          : {})}
      />
    );
  };

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {SITE_SETTINGS.heading}
      </h1>
      <p className="field-hint">{SITE_SETTINGS.intro}</p>
      <NoticeArea notice={notice} onDismiss={store.clearNotice} />
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
              {FIELDS.filter((field) => field.group === group).map((field) => (
                <div className="field" key={field.name}>
                  <label htmlFor={`${id}-${field.name}`}>{field.label}</label>
                  {input(field, draft[field.name] ?? '')}
                  {field.hint && (
                    <p id={`${id}-${field.name}-hint`} className="field-hint">
                      {field.hint}
                    </p>
                  )}
                  <FieldError id={`${id}-${field.name}-error`} message={errors[field.name]} />
                </div>
              ))}
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
