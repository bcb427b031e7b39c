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
export const invalidProps = <F extends string>(form: string, errors: FieldErrors<F>, field: F) =>
  errors[field]
    ? ({ 'aria-invalid': true, 'aria-describedby': `${form}-${field}-error` } as const)
    : ({} as const);

export function FieldError<F extends string>({
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
export function FieldLabel({ id, text, required }: { id: string; text: string; required?: boolean }) {
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
