import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { REQUIRED_NOTE } from '../lib/public-copy.ts';

/** A form's reasons, by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * The server's per-field reasons (a 400's `errors`), for the fields a form has: every refused field is marked at
 * once, not only the first one the message names.
 */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(
    Object.entries(error.errors).filter(([name]) => (fields as readonly string[]).includes(name)),
  ) as FieldErrors<F>;
}

/** Marks a control invalid and ties its message to it (read out with the label). */
const invalidProps = <F extends string>(form: string, errors: FieldErrors<F>, field: F) =>
  errors[field]
    ? ({ 'aria-invalid': true, 'aria-describedby': `${form}-${field}-error` } as const)
    : ({} as const);

function FieldError<F extends string>({
  form,
  errors,
  field,
}: {
  form: string;
  errors: FieldErrors<F>;
  field: F;
}) {
  const message = errors[field];
  return message ? (
    <p className="field-error" id={`${form}-${field}-error`}>
      {message}
    </p>
  ) : null;
}

/** The first refused control of the form takes the focus, so its reason is read with its label. */
export function focusFirstInvalid<F extends string>(
  form: HTMLFormElement,
  fields: readonly F[],
  errors: FieldErrors<F>,
) {
  const first = fields.find((field) => errors[field]);
  if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/**
 * A field's label, and for a required field a mark beside it: seen, not read (the control's `required` already
 * says it to assistive technology), and outside the label so the field's name stays its name.
 */
function FieldLabel({ id, text, required }: { id: string; text: string; required?: boolean }) {
  return (
    <span className="field-label">
      <label htmlFor={id}>{text}</label>
      {required && (
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      )}
    </span>
  );
}

/** What the mark means, once, at the top of the form. */
export function RequiredNote() {
  return <p className="form-required-note">{REQUIRED_NOTE}</p>;
}

/** What every field's control carries: the field's id and name, `required`, and the marks of a refused value. */
export interface ControlProps {
  className: 'input';
  id: string;
  name: string;
  required?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One field of a public form: its label (marked when required), its control (`control` adds what is its own: type,
 * autocomplete, rows, options) and the server's reason for it; `children` follow, e.g. the course list's state.
 */
export function FormField<F extends string>({
  form,
  errors,
  field,
  label,
  required,
  control,
  children,
}: {
  form: string;
  errors: FieldErrors<F>;
  field: F;
  label: string;
  required?: boolean;
  control: (props: ControlProps) => ReactNode;
  children?: ReactNode;
}) {
  const id = `${form}-${field}`;
  return (
    <div className="field">
      <FieldLabel id={id} text={label} required={required} />
      {control({
        className: 'input',
        id,
        name: field,
        ...(required ? { required: true } : {}),
        ...invalidProps(form, errors, field),
      })}
      <FieldError form={form} errors={errors} field={field} />
      {children}
    </div>
  );
}
