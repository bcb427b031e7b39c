import { PASSWORD_MIN_LENGTH } from '../../lib/identity.ts';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { ACCOUNT } from '../admin-copy.ts';

/** A new password (issue 13), with the server's rule as its hint: on the Account screen and for a new person. */
export function NewPasswordField({
  id,
  label,
  value,
  onChange,
  required = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        value={value}
        required={required}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {ACCOUNT.newPasswordHint}
      </p>
    </div>
  );
}

/** The new password typed a second time (issue 21): a typo caught here cannot lock anyone out. */
export function ConfirmPasswordField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{ACCOUNT.confirmPassword}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        required
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** Why a new password and its confirmation cannot be sent, or null when they can. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === '') return IDENTITY.confirmPasswordRequired;
  return confirmation === password ? null : IDENTITY.passwordsDiffer;
}
