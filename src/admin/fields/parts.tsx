/**
 * What a field kind supplies on the admin side: its form input and its list cell, one module per kind in this
 * folder, joined in ./index.ts by a table the compiler checks is complete. The shared side (schemas, text, CSV) is
 * src/lib/fields/.
 */
import type { ReactNode, RefObject } from 'react';
import type { ContentFamily, ContentItem } from '../../lib/collections.ts';
import { fieldText, type Field, type FormValue } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { FieldError } from '../parts/FieldError.tsx';

/** What the form around an input offers it: the picture kind needs the file, the title input the focus. */
export interface FormContext {
  /** The content family whose item is edited; null on a singleton's form (site settings). */
  family: ContentFamily | null;
  /** The item being edited, or null when adding. */
  editing: ContentItem | null;
  titleRef: RefObject<HTMLInputElement | null>;
  values: Readonly<Record<string, FormValue>>;
  errors: Readonly<Record<string, string>>;
  set: (name: string, value: FormValue) => void;
  setError: (name: string, message: string | undefined) => void;
  file: File | null;
  setFile: (file: File | null) => void;
  progress: number | null;
}

/** The form around a singleton's inputs (stats, site settings): no item, picture or title to offer them. */
export const singletonForm = (
  values: Readonly<Record<string, FormValue>> = {},
  errors: Readonly<Record<string, string>> = {},
  set: (name: string, value: FormValue) => void = () => {},
): FormContext => ({
  family: null,
  editing: null,
  titleRef: { current: null },
  values,
  errors,
  set,
  setError: () => {},
  file: null,
  setFile: () => {},
  progress: null,
});

export interface InputProps<F> {
  field: F;
  /** The input's id (its label's `for`); hints and errors are `{id}-hint` and `{id}-error`. */
  id: string;
  /** The control's `name`, on a form whose controls are named (the site settings); none otherwise. */
  name?: string;
  value: FormValue | undefined;
  onChange: (value: FormValue) => void;
  error: string | undefined;
  disabled: boolean;
  form: FormContext;
}

export interface CellProps<F> {
  field: F;
  value: unknown;
  item: ContentItem;
}

export interface AdminFieldKind<F> {
  Input: (props: InputProps<F>) => ReactNode;
  /** The field on an item's card (the title field is the card's heading, not a cell). */
  Cell: (props: CellProps<F>) => ReactNode;
}

/** The ids an input is described by: its error when it has one, and its hint. */
export const describedBy = (id: string, error: string | undefined, hint: string | null | undefined) =>
  [error ? `${id}-error` : undefined, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;

export const textValue = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');

/** A labelled control with its hint and error under it: the shape of every one-input field. */
export function LabelledField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string | null | undefined;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The field's own hint, then the kind's (how to type a date, an amount). */
export const hintOf = (field: { hint?: string | null }, kindHint: string | null = null) =>
  [field.hint, kindHint].filter(Boolean).join(' ') || null;

/** A card line naming the field: "Fee: ₹12,500"; nothing when the value is empty. */
export function LabelledCell({ field, value }: CellProps<Field>) {
  const text = fieldText(field, value);
  return text ? <p>{FIELD_COPY.cell('label' in field ? field.label : field.name, text)}</p> : null;
}

/** The common input attributes of a one-input field. */
export const inputAttributes = <F extends { required?: string | null; hint?: string | null }>(
  props: InputProps<F>,
  kindHint: string | null = null,
) => ({
  id: props.id,
  name: props.name,
  'aria-required': props.field.required ? ('true' as const) : undefined,
  'aria-invalid': props.error ? true : undefined,
  'aria-describedby': describedBy(props.id, props.error, hintOf(props.field, kindHint)),
  disabled: props.disabled,
});
