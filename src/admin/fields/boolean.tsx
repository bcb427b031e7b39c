/** Yes or no: a checkbox with its label after it, as the form's "Save as draft" is. */
import type { BooleanField } from '../../lib/fields.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { describedBy, LabelledCell, type AdminFieldKind } from './parts.tsx';

export const booleanAdmin: AdminFieldKind<BooleanField> = {
  Input: ({ field, id, value, onChange, error, disabled }) => (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={value === true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, field.hint)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{field.label}</label>
      {field.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {field.hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  ),
  Cell: LabelledCell,
};
