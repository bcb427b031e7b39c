/**
 * A reference: a `<select>` of the referred family's items. References: a checkbox per item. An id whose item is
 * not in the list (deleted since) stays chosen and is shown by its id, so saving does not drop it silently.
 */
import type { ReferenceField, ReferencesField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { nameOfReference, useReferenceOptions, type ReferenceOption } from './reference-options.ts';
import { referredIds } from '../../lib/fields.ts';
import {
  describedBy,
  inputAttributes,
  LabelledField,
  textValue,
  type AdminFieldKind,
  type CellProps,
  type InputProps,
} from './parts.tsx';

const withChosen = (options: ReferenceOption[], chosen: readonly string[]) => [
  ...options,
  ...chosen
    .filter((id) => id !== '' && !options.some((option) => option.id === id))
    .map((id) => ({ id, name: FIELD_COPY.unknownItem(id) })),
];

function ReferenceInput(props: InputProps<ReferenceField>) {
  const { status, options } = useReferenceOptions(props.field.to);
  const value = textValue(props.value);
  return (
    <LabelledField id={props.id} label={props.field.label} hint={props.field.hint} error={props.error}>
      <select
        {...inputAttributes(props)}
        value={value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{FIELD_COPY.choose}</option>
        {withChosen(options, [value]).map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      {status === 'error' && <p className="field-hint">{FIELD_COPY.referencesLoadFailed}</p>}
    </LabelledField>
  );
}

function ReferencesInput({ field, id, value, onChange, error, disabled }: InputProps<ReferencesField>) {
  const { status, options } = useReferenceOptions(field.to);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...chosen, optionId] : chosen.filter((candidate) => candidate !== optionId));
  return (
    <fieldset className="field" aria-describedby={describedBy(id, error, field.hint)}>
      <legend>{field.label}</legend>
      {withChosen(options, chosen).map((option) => (
        <div className="field-check" key={option.id}>
          <input
            id={`${id}-${option.id}`}
            type="checkbox"
            checked={chosen.includes(option.id)}
            disabled={disabled}
            onChange={(event) => toggle(option.id, event.target.checked)}
          />
          <label htmlFor={`${id}-${option.id}`}>{option.name}</label>
        </div>
      ))}
      {field.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {field.hint}
        </p>
      )}
      {status === 'error' && <p className="field-hint">{FIELD_COPY.referencesLoadFailed}</p>}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** On the card: the referred items by name ("Course: Ethical Hacking"), by id until the names are loaded. */
function ReferenceCell({ field, value }: CellProps<ReferenceField | ReferencesField>) {
  const { options } = useReferenceOptions(field.to);
  const ids = referredIds(field, value);
  if (ids.length === 0) return null;
  return <p>{FIELD_COPY.cell(field.label, ids.map((id) => nameOfReference(options, id)).join('; '))}</p>;
}

export const referenceAdmin: AdminFieldKind<ReferenceField> = { Input: ReferenceInput, Cell: ReferenceCell };
export const referencesAdmin: AdminFieldKind<ReferencesField> = {
  Input: ReferencesInput,
  Cell: ReferenceCell,
};
