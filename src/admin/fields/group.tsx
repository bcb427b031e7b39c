/**
 * A repeatable group: each entry a fieldset of its own fields, with Add and Remove within the group's bounds. The
 * entry fields' admin kinds are passed in (./index.ts), so this module needs no import of the table that lists it.
 */
import type { FormEntry, FormValue, GroupField, OfKind, SubField } from '../../lib/fields.ts';
import { toFormValue } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { FieldError } from '../parts/FieldError.tsx';
import { describedBy, LabelledCell, type AdminFieldKind, type InputProps } from './parts.tsx';

type SubAdminKinds = { [K in SubField['kind']]: AdminFieldKind<OfKind<SubField, K>> };

export function groupAdmin(kinds: SubAdminKinds): AdminFieldKind<GroupField> {
  const adminOf = (field: SubField) => kinds[field.kind] as unknown as AdminFieldKind<SubField>;

  function GroupInput({ field, id, value, onChange, error, disabled, form }: InputProps<GroupField>) {
    const entries = Array.isArray(value) ? (value as FormEntry[]) : [];
    const blank = (): FormEntry =>
      Object.fromEntries(field.fields.map((sub) => [sub.name, toFormValue(sub, undefined)]));
    const setEntry = (index: number, name: string, next: FormValue) =>
      onChange(entries.map((entry, at) => (at === index ? { ...entry, [name]: next } : entry)));
    return (
      <fieldset className="field group" aria-describedby={describedBy(id, error, field.hint)}>
        <legend>{field.label}</legend>
        {field.hint && (
          <p id={`${id}-hint`} className="field-hint">
            {field.hint}
          </p>
        )}
        {entries.map((entry, index) => (
          <fieldset className="group-entry" key={index}>
            <legend>{FIELD_COPY.entryHeading(field.noun, index + 1)}</legend>
            {field.fields.map((sub) => {
              const { Input } = adminOf(sub);
              return (
                <Input
                  key={sub.name}
                  field={sub}
                  id={`${id}-${index}-${sub.name}`}
                  value={entry[sub.name]}
                  onChange={(next) => setEntry(index, sub.name, next)}
                  error={undefined}
                  disabled={disabled}
                  form={form}
                />
              );
            })}
            {entries.length > field.min && (
              <button
                type="button"
                className="btn btn-outline btn-small"
                disabled={disabled}
                onClick={() => onChange(entries.filter((_, at) => at !== index))}
              >
                {FIELD_COPY.removeEntry(field.noun, index + 1)}
              </button>
            )}
          </fieldset>
        ))}
        {entries.length < field.max && (
          <button
            type="button"
            className="btn btn-outline btn-small"
            disabled={disabled}
            onClick={() => onChange([...entries, blank()])}
          >
            {FIELD_COPY.addEntry(field.noun)}
          </button>
        )}
        <FieldError id={`${id}-error`} message={error} />
      </fieldset>
    );
  }

  return { Input: GroupInput, Cell: LabelledCell };
}
