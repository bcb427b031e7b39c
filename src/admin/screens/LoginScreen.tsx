/**
 * Admin login (spec section 2 and 4): the user ID is fixed and disabled, the password is required and checked
 * by the server. Success goes to home-content; a failure shows the message and clears the password.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AUTH } from '../../lib/staff-messages.ts';
import { LOGIN } from '../admin-copy.ts';
import { redirectAfterSignIn } from '../stores/router.ts';
import { $login, $sessionExpired, clearLoginError, signIn } from '../stores/session.ts';

export function LoginScreen() {
  const { submitting, error } = useStore($login);
  const expired = useStore($sessionExpired);
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await signIn(password)) {
      redirectAfterSignIn();
      return;
    }
    setPassword('');
    passwordRef.current?.focus();
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 className="login-title">{LOGIN.heading}</h1>
        {expired && !error && (
          <p className="alert alert-info" role="status">
            {AUTH.sessionExpired}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-user`}>{LOGIN.userIdLabel}</label>
          <input
            id={`${id}-user`}
            type="text"
            value={LOGIN.userId}
            disabled
            readOnly
            autoComplete="username"
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{LOGIN.passwordLabel}</label>
          <input
            ref={passwordRef}
            id={`${id}-password`}
            type="password"
            name="password"
            value={password}
            placeholder={LOGIN.passwordPlaceholder}
            autoComplete="current-password"
            required
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              clearLoginError();
            }}
          />
        </div>
        <div className="login-error-region">
          {error && (
            <p id={errorId} className="alert alert-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
          {submitting ? LOGIN.submitting : LOGIN.submit}
        </button>
      </form>
    </main>
  );
}
