/** One of fixed options (a batch's mode: online, classroom), stored as the option's value, shown as its label. */
import { FIELD_REASONS } from '../api-messages.ts';
import { storedText, textRule, trimmedText, valueDiff, type FieldBase, type FieldKind } from './kind.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectField<N extends string = string> extends FieldBase<N> {
  kind: 'select';
  options: readonly SelectOption[];
  /** The message for no choice; null makes the field optional. */
  required: string | null;
}

export const selectField = <const N extends string>(
  name: N,
  options: Omit<SelectField<N>, 'name' | 'kind'>,
): SelectField<N> => ({ name, kind: 'select', ...options });

const labelOf = (field: SelectField, value: unknown) => {
  const chosen = trimmedText(value);
  return field.options.find((option) => option.value === chosen)?.label ?? chosen;
};

export const selectKind: FieldKind<SelectField> = {
  input: (field) => {
    const values = field.options.map((option) => option.value);
    return textRule({
      required: field.required,
      max: Math.max(...values.map((value) => value.length)),
      tooLong: FIELD_REASONS.select(
        field.label,
        field.options.map((option) => option.label),
      ),
      invalid: FIELD_REASONS.select(
        field.label,
        field.options.map((option) => option.label),
      ),
      valid: (value) => values.includes(value),
    });
  },
  stored: storedText,
  toForm: (_field, value) => trimmedText(value),
  fromForm: (_field, value) => value,
  text: labelOf,
  diff: valueDiff(labelOf),
  csv: labelOf,
};
