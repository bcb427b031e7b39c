/**
 * The kinds whose input is one `<input>` of a type (date, date-time, integer, money, URL, e-mail, slug) share this
 * shape; each kind's module names its type, its attributes and its hint.
 */
import type { InputHTMLAttributes } from 'react';
import type { Field } from '../../lib/fields.ts';
import {
  hintOf,
  inputAttributes,
  LabelledCell,
  LabelledField,
  textValue,
  type AdminFieldKind,
  type InputProps,
} from './parts.tsx';

export function oneInput<F extends Field & { label: string; required?: string | null; hint?: string | null }>(
  attributes: (field: F) => InputHTMLAttributes<HTMLInputElement>,
  kindHint: string | null = null,
): AdminFieldKind<F> {
  return {
    Input: (props: InputProps<F>) => (
      <LabelledField
        id={props.id}
        label={props.field.label}
        hint={hintOf(props.field, kindHint)}
        error={props.error}
      >
        <input
          {...attributes(props.field)}
          {...inputAttributes(props, kindHint)}
          value={textValue(props.value)}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </LabelledField>
    ),
    Cell: LabelledCell,
  };
}
