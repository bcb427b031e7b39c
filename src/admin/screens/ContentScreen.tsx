/**
 * The one screen for the five content families (home content, home services, home courses, service content,
 * careers), configured from the registry and CONTENT_SCREENS: an add/edit form and the list with edit and
 * delete (spec section 2 "Admin screens", 4, 5 and 8).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ContentFamilyKey } from '../../lib/collections.ts';
import { MAX_LENGTH } from '../../lib/constants.ts';
import { resolveImageUrl } from '../../lib/image-url.ts';
import { VALIDATION } from '../../lib/messages.ts';
import { fieldErrors } from '../../lib/schemas.ts';
import { FORM } from '../admin-copy.ts';
import { CONTENT_SCREENS, type ContentScreenConfig } from '../content-screens.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { ImagePicker } from '../parts/ImagePicker.tsx';
import { ItemImage } from '../parts/ItemImage.tsx';
import { NoticeArea } from '../parts/NoticeArea.tsx';
import { PointsEditor } from '../parts/PointsEditor.tsx';
import { createContentStore, type ContentItem, type ContentStore } from '../stores/content-store.ts';
import { scrollToTop } from '../stores/router.ts';

interface FormValues {
  title: string;
  description: string;
  points: string[];
}

const emptyValues = (config: ContentScreenConfig): FormValues => ({
  title: '',
  description: '',
  points: Array.from({ length: config.points?.initial ?? 0 }, () => ''),
});

const valuesOf = (config: ContentScreenConfig, item: ContentItem): FormValues => {
  const points = [...(item.points ?? [])];
  while (points.length < (config.points?.initial ?? 0)) points.push('');
  return { title: item.title, description: item.description ?? '', points };
};

/** The payload the family's shared schema checks: only the fields this family has. */
const rawInput = (config: ContentScreenConfig, values: FormValues) => ({
  title: values.title,
  ...(config.description ? { description: values.description } : {}),
  ...(config.points ? { points: values.points } : {}),
});

export default function ContentScreen({ family }: { family: ContentFamilyKey }) {
  const config = CONTENT_SCREENS[family];
  const store = useMemo(() => createContentStore(config), [config]);
  useEffect(() => {
    void store.load();
  }, [store]);

  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title" className="screen-title">
        {config.heading}
      </h1>
      <ContentForm config={config} store={store} />
      <ContentList config={config} store={store} />
    </section>
  );
}

function ContentForm({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const id = useId();
  const busy = useStore(store.$busy);
  const notice = useStore(store.$notice);
  const progress = useStore(store.$progress);
  const editing = useStore(store.$editing);
  const [values, setValues] = useState<FormValues>(() => emptyValues(config));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const titleRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);
  const working = busy !== null;
  const saving = busy?.action === 'saving';

  // Entering edit mode fills the form and scrolls to it; leaving it (Cancel, a successful save) empties it.
  useEffect(() => {
    setValues(editing ? valuesOf(config, editing) : emptyValues(config));
    setFile(null);
    setErrors({});
    if (editing) {
      scrollToTop();
      titleRef.current?.focus({ preventScroll: true });
    }
  }, [editing, config]);

  // After a failed check, focus the first field marked invalid (once the marks are rendered).
  useEffect(() => {
    if (focusInvalid > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (working) return;
    const parsed = family.inputSchema.safeParse(rawInput(config, values));
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!editing && family.image?.requiredOnCreate && !file) found.image = VALIDATION.imageRequired;
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) {
      setFocusInvalid((tick) => tick + 1);
      return;
    }
    const result = await store.save({
      id: editing?._id ?? null,
      fields: parsed.data as Record<string, unknown>,
      file,
    });
    if (result.ok) {
      // Adding leaves add mode unchanged, so the form is emptied here; after an update the effect does it.
      setValues(emptyValues(config));
      setFile(null);
    } else setErrors(result.fieldErrors);
  }

  const set = (patch: Partial<FormValues>) => setValues((current) => ({ ...current, ...patch }));
  const describe = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  const currentImage =
    editing?.image && family.image ? resolveImageUrl(editing.image, family.image.folder) : null;

  return (
    <div className="panel">
      <h2 className="panel-title">
        {editing ? `${FORM.update} ${config.noun}` : `${FORM.add} ${config.noun}`}
      </h2>
      {editing && <p className="field-hint">{FORM.editing(editing.title)}</p>}
      <NoticeArea notice={notice} />
      <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate>
        {family.image && (
          <ImagePicker
            id={`${id}-image`}
            label={family.image.requiredOnCreate ? FORM.image : FORM.imageOptional}
            file={file}
            currentUrl={currentImage}
            onPick={(picked) => {
              setFile(picked);
              setErrors(({ image: _image, ...rest }) => rest);
            }}
            error={errors.image}
            hint={config.imageHint}
            progress={progress}
            disabled={working}
            required={family.image.requiredOnCreate && !editing}
          />
        )}
        <div className="field">
          <label htmlFor={`${id}-title`}>{FORM.title}</label>
          <input
            ref={titleRef}
            id={`${id}-title`}
            type="text"
            value={values.title}
            maxLength={MAX_LENGTH.title}
            aria-required="true"
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describe('title')}
            disabled={working}
            onChange={(event) => set({ title: event.target.value })}
          />
          <FieldError id={`${id}-title-error`} message={errors.title} />
        </div>
        {config.description && (
          <div className="field">
            <label htmlFor={`${id}-description`}>{FORM.description}</label>
            <textarea
              id={`${id}-description`}
              value={values.description}
              maxLength={MAX_LENGTH.description}
              aria-required="true"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describe('description')}
              disabled={working}
              onChange={(event) => set({ description: event.target.value })}
            />
            <FieldError id={`${id}-description-error`} message={errors.description} />
          </div>
        )}
        {config.points && (
          <PointsEditor
            id={`${id}-points`}
            rule={config.points}
            points={values.points}
            onChange={(points) => set({ points })}
            error={errors.points}
            disabled={working}
          />
        )}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={working}>
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

function ContentList({ config, store }: { config: ContentScreenConfig; store: ContentStore }) {
  const { family } = config;
  const list = useStore(store.$list);
  const busy = useStore(store.$busy);

  if (list.status === 'loading') return <p className="alert alert-info">{FORM.loading}</p>;
  if (list.status === 'error') {
    return (
      <div className="alert alert-error alert-row" role="alert">
        <p>{list.error}</p>
        <button type="button" className="btn btn-outline btn-small" onClick={() => void store.load()}>
          {FORM.retry}
        </button>
      </div>
    );
  }
  if (list.items.length === 0) return <p className="alert alert-info">{family.messages.empty}</p>;

  async function onDelete(item: ContentItem) {
    // Spec section 5: a confirmation for every family except home courses.
    if (family.confirmDelete && !window.confirm(family.confirmDelete)) return;
    await store.remove(item._id);
  }

  return (
    <ul className={config.layout === 'grid' ? 'card-grid' : 'item-list'}>
      {list.items.map((item) => {
        const deleting = busy?.action === 'deleting' && busy.id === item._id;
        return (
          <li key={item._id} className="item-card" data-item-id={item._id}>
            {family.image && (config.layout === 'grid' || item.image) && (
              <ItemImage value={item.image} folder={family.image.folder} />
            )}
            <h3>{item.title}</h3>
            {config.description && item.description && <p>{item.description}</p>}
            {config.points && item.points && item.points.length > 0 && (
              <ul className="item-points">
                {item.points.map((point, index) => (
                  <li key={index}>{point}</li>
                ))}
              </ul>
            )}
            <div className="item-actions">
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={busy !== null}
                onClick={() => store.startEdit(item)}
              >
                {FORM.edit}
                <span className="visually-hidden"> {item.title}</span>
              </button>
              <button
                type="button"
                className="btn btn-danger btn-small"
                disabled={busy !== null}
                onClick={() => void onDelete(item)}
              >
                {deleting ? FORM.deleting : FORM.delete}
                <span className="visually-hidden"> {item.title}</span>
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
