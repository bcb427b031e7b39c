import { PASSWORD_MIN_LENGTH } from '../../lib/identity.ts';
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
