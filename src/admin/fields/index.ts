/**
 * The admin side of every field kind, keyed by kind: the form draws each field with its kind's Input and each
 * card with its Cell. The compiler checks the table lists every kind of src/lib/fields.ts.
 */
import type { Field, OfKind, SubField } from '../../lib/fields.ts';
import { booleanAdmin } from './boolean.tsx';
import { dateTimeAdmin } from './date-time.tsx';
import { dateAdmin } from './date.tsx';
import { emailAdmin } from './email.tsx';
import { groupAdmin } from './group.tsx';
import { imageAdmin } from './image.tsx';
import { integerAdmin } from './integer.tsx';
import { linesAdmin } from './lines.tsx';
import { markdownAdmin } from './markdown.tsx';
import { moneyAdmin } from './money.tsx';
import type { AdminFieldKind } from './parts.tsx';
import { phoneAdmin } from './phone.tsx';
import { pointsAdmin } from './points.tsx';
import { referenceAdmin, referencesAdmin } from './reference.tsx';
import { selectAdmin } from './select.tsx';
import { slugAdmin } from './slug.tsx';
import { textAdmin } from './text.tsx';
import { urlAdmin } from './url.tsx';

export { singletonForm } from './parts.tsx';
export type { AdminFieldKind, CellProps, FormContext, InputProps } from './parts.tsx';

const SUB_ADMIN = {
  text: textAdmin,
  textarea: textAdmin,
  points: pointsAdmin,
  markdown: markdownAdmin,
  integer: integerAdmin,
  money: moneyAdmin,
  boolean: booleanAdmin,
  select: selectAdmin,
  url: urlAdmin,
  email: emailAdmin,
  date: dateAdmin,
  dateTime: dateTimeAdmin,
  reference: referenceAdmin,
  references: referencesAdmin,
} satisfies { [K in SubField['kind']]: AdminFieldKind<OfKind<SubField, K>> };

export const ADMIN_FIELD_KINDS = {
  ...SUB_ADMIN,
  image: imageAdmin,
  slug: slugAdmin,
  group: groupAdmin(SUB_ADMIN),
  phone: phoneAdmin,
  lines: linesAdmin,
} satisfies { [K in Field['kind']]: AdminFieldKind<OfKind<Field, K>> };

/** A field's admin kind, for the form and the card that walk a family's fields whatever their kinds. */
export const adminKindOf = <F extends Field>(field: F) =>
  ADMIN_FIELD_KINDS[field.kind] as unknown as AdminFieldKind<F>;
