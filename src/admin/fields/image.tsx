/**
 * The picture: the picker (with the current picture when editing) and, beside it, its alt text. On the
 * card the picture is drawn on top by the list itself, so it has no cell of its own.
 */
import { MAX_LENGTH } from '../../lib/constants.ts';
import { ALT_FIELD, type ImageField } from '../../lib/fields.ts';
import { resolveImageUrl } from '../../lib/image-url.ts';
import { FORM, WORKFLOW_COPY } from '../admin-copy.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { ImagePicker } from '../parts/ImagePicker.tsx';
import type { AdminFieldKind, InputProps } from './parts.tsx';

function ImageInput({ field, id, error, disabled, form }: InputProps<ImageField>) {
  const altId = id.replace(/-image$/, `-${ALT_FIELD}`);
  const altError = form.errors[ALT_FIELD];
  const alt = form.values[ALT_FIELD];
  const current = form.editing?.image;
  return (
    <>
      <ImagePicker
        id={id}
        label={field.requiredOnCreate ? FORM.image : FORM.imageOptional}
        file={form.file}
        currentUrl={typeof current === 'string' ? resolveImageUrl(current, field.folder) : null}
        onPick={(picked) => {
          form.setFile(picked);
          form.setError(field.name, undefined);
        }}
        onRefuse={(reason) => form.setError(field.name, reason)}
        downscaled={field.browserDownscale}
        error={error}
        hint={field.hint}
        progress={form.progress}
        disabled={disabled}
        required={field.requiredOnCreate && !form.editing}
      />
      <div className="field">
        <label htmlFor={altId}>{WORKFLOW_COPY.altLabel}</label>
        <input
          id={altId}
          type="text"
          value={typeof alt === 'string' ? alt : ''}
          maxLength={MAX_LENGTH.alt}
          aria-invalid={altError ? true : undefined}
          aria-describedby={[`${altId}-hint`, altError ? `${altId}-error` : undefined]
            .filter(Boolean)
            .join(' ')}
          disabled={disabled}
          onChange={(event) => form.set(ALT_FIELD, event.target.value)}
        />
        <p id={`${altId}-hint`} className="field-hint">
          {WORKFLOW_COPY.altHint}
        </p>
        <FieldError id={`${altId}-error`} message={altError} />
      </div>
    </>
  );
}

export const imageAdmin: AdminFieldKind<ImageField> = {
  Input: ImageInput,
  Cell: () => null,
};
