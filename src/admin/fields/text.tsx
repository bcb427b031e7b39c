/** Text: a one-line input (the title's takes the focus when editing starts) or a textarea; on the card, a paragraph. */
import { type TextField } from '../../lib/fields.ts';
import { fieldText } from '../../lib/fields.ts';
import { describedBy, LabelledField, textValue, type AdminFieldKind, type InputProps } from './parts.tsx';

function TextInput({ field, id, name, value, onChange, error, disabled, form }: InputProps<TextField>) {
  const common = {
    name,
    value: textValue(value),
    maxLength: field.max,
    'aria-required': field.required === null ? undefined : ('true' as const),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, field.hint),
    disabled,
  };
  return (
    <LabelledField id={id} label={field.label} hint={field.hint} error={error}>
      {field.kind === 'textarea' ? (
        <textarea id={id} {...common} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          ref={field.name === form.family?.titleField ? form.titleRef : undefined}
          id={id}
          type="text"
          {...common}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </LabelledField>
  );
}

export const textAdmin: AdminFieldKind<TextField> = {
  Input: TextInput,
  Cell: ({ field, value }) => {
    const text = fieldText(field, value);
    return text ? <p>{text}</p> : null;
  },
};
