import { PASSWORD_MIN_LENGTH } from '../../lib/identity.ts';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { ACCOUNT } from '../admin-copy.ts';

/** A new password, with the server's rule as its hint: on the Account screen and for a new person. */
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
    <PasswordField
      id={id}
      label={label}
      autoComplete="new-password"
      value={value}
      onChange={onChange}
      required={required}
      rule={ACCOUNT.newPasswordHint}
    />
  );
}

/**
 * A password input; `autoComplete` tells a password manager whether it is the one in use or a new one. A `rule`
 * (only for a new password) is checked by the browser's minimum length and read out as the field's hint.
 */
function PasswordField({
  id,
  label,
  autoComplete,
  value,
  onChange,
  required = true,
  rule,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  rule?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        minLength={rule ? PASSWORD_MIN_LENGTH : undefined}
        value={value}
        required={required}
        aria-describedby={rule ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {rule && (
        <p id={`${id}-hint`} className="field-hint">
          {rule}
        </p>
      )}
    </div>
  );
}

/** The new password typed a second time: a typo caught here cannot lock anyone out. */
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
    <PasswordField
      id={id}
      label={ACCOUNT.confirmPassword}
      autoComplete="new-password"
      value={value}
      onChange={onChange}
    />
  );
}

/** What a password change asks for: the password in use, a new one, and the new one again. */
export interface PasswordChange {
  current: string;
  next: string;
  confirmation: string;
}

export const NO_PASSWORD_CHANGE: PasswordChange = { current: '', next: '', confirmation: '' };

/**
 * A password change's fields, on the Account screen and where a temporary password must be replaced. The hidden
 * username lets a password manager file the new password under the right account.
 */
export function PasswordChangeFields({
  id,
  username,
  currentLabel,
  value,
  onChange,
}: {
  id: string;
  username: string;
  currentLabel: string;
  value: PasswordChange;
  onChange: (value: PasswordChange) => void;
}) {
  return (
    <>
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
      <PasswordField
        id={`${id}-current`}
        label={currentLabel}
        autoComplete="current-password"
        value={value.current}
        onChange={(current) => onChange({ ...value, current })}
      />
      <NewPasswordField
        id={`${id}-new`}
        label={ACCOUNT.newPassword}
        value={value.next}
        onChange={(next) => onChange({ ...value, next })}
        required
      />
      <ConfirmPasswordField
        id={`${id}-confirm`}
        value={value.confirmation}
        onChange={(confirmation) => onChange({ ...value, confirmation })}
      />
    </>
  );
}

/** Why a new password and its confirmation cannot be sent, or null when they can. */
export function confirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === '') return IDENTITY.confirmPasswordRequired;
  return confirmation === password ? null : IDENTITY.passwordsDiffer;
}
