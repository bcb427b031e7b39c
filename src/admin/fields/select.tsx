/** One of fixed options: a `<select>` with an empty first choice; on the card, the chosen option's label. */
import type { SelectField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { inputAttributes, LabelledCell, LabelledField, textValue, type AdminFieldKind } from './parts.tsx';

export const selectAdmin: AdminFieldKind<SelectField> = {
  Input: (props) => (
    <LabelledField id={props.id} label={props.field.label} hint={props.field.hint} error={props.error}>
      <select
        {...inputAttributes(props)}
        value={textValue(props.value)}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{FIELD_COPY.choose}</option>
        {props.field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  ),
  Cell: LabelledCell,
};
