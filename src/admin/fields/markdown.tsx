/** Markdown: a textarea of the source, with a reminder of the syntax; on the card, the start of the source. */
import { fieldText, type MarkdownField } from '../../lib/fields.ts';
import { FIELD_COPY } from '../../lib/staff-messages.ts';
import { hintOf, inputAttributes, LabelledField, textValue, type AdminFieldKind } from './parts.tsx';

/** Enough of an article to tell it apart on its card. */
const PREVIEW_CHARACTERS = 160;

export const markdownAdmin: AdminFieldKind<MarkdownField> = {
  Input: (props) => (
    <LabelledField
      id={props.id}
      label={props.field.label}
      hint={hintOf(props.field, FIELD_COPY.markdownHint)}
      error={props.error}
    >
      <textarea
        {...inputAttributes(props, FIELD_COPY.markdownHint)}
        className="markdown-source"
        rows={12}
        maxLength={props.field.max}
        value={textValue(props.value)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </LabelledField>
  ),
  Cell: ({ field, value }) => {
    const text = fieldText(field, value);
    if (!text) return null;
    const preview = text.length > PREVIEW_CHARACTERS ? `${text.slice(0, PREVIEW_CHARACTERS)}…` : text;
    return <p>{FIELD_COPY.cell(field.label, preview)}</p>;
  },
};
