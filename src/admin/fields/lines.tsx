/** Lines: one textarea, a line per entry; on the card, the lines as one. */
import type { LinesField } from '../../lib/fields.ts';
import {
  hintOf,
  inputAttributes,
  LabelledCell,
  LabelledField,
  textValue,
  type AdminFieldKind,
} from './parts.tsx';

export const linesAdmin: AdminFieldKind<LinesField> = {
  Input: (props) => (
    <LabelledField id={props.id} label={props.field.label} hint={hintOf(props.field)} error={props.error}>
      <textarea
        {...inputAttributes(props)}
        aria-required={props.field.min > 0 ? 'true' : undefined}
        rows={props.field.maxLines}
        value={textValue(props.value)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </LabelledField>
  ),
  Cell: LabelledCell,
};
