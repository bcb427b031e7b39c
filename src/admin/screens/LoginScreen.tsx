/**
 * Admin login (spec section 2 and 4): while the bootstrap owner is the only account the user ID is fixed and
 * disabled and only the password is asked, exactly as the spec shows; once there are more people the user ID is
 * typed, and "Sign in with a passkey" appears once anyone has a passkey. Success goes to home-content;
 * a failure shows the message and clears the password. "Forgot password?" says who can let the person back in.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AUTH } from '../../lib/staff-messages.ts';
import { LOGIN, PASSKEY_LOGIN } from '../admin-copy.ts';
import { redirectAfterSignIn } from '../stores/router.ts';
import {
  $accountDisabled,
  $login,
  $loginOptions,
  $sessionExpired,
  clearLoginError,
  loadLoginOptions,
  signIn,
  signInWithPasskey,
} from '../stores/session.ts';

export function LoginScreen() {
  const { submitting, error } = useStore($login);
  const expired = useStore($sessionExpired);
  const disabled = useStore($accountDisabled);
  const { userIdRequired, passkeys } = useStore($loginOptions);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const errorId = `${id}-error`;

  useEffect(() => {
    void loadLoginOptions();
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await signIn(password, userIdRequired ? userId : undefined)) {
      redirectAfterSignIn();
      return;
    }
    setPassword('');
    passwordRef.current?.focus();
  }

  async function onPasskey() {
    if (await signInWithPasskey()) redirectAfterSignIn();
  }

  const canUsePasskeys = passkeys && typeof window.PublicKeyCredential === 'function';

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 className="login-title">{LOGIN.heading}</h1>
        {expired && !error && (
          <p className="alert alert-info" role="status">
            {disabled ? AUTH.accountDisabled : AUTH.sessionExpired}
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-user`}>{LOGIN.userIdLabel}</label>
          {userIdRequired ? (
            <input
              id={`${id}-user`}
              type="text"
              name="username"
              value={userId}
              autoComplete="username webauthn"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-required="true"
              onChange={(event) => {
                setUserId(event.target.value);
                clearLoginError();
              }}
            />
          ) : (
            <input
              id={`${id}-user`}
              type="text"
              value={LOGIN.userId}
              disabled
              readOnly
              autoComplete="username"
            />
          )}
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
        <details className="login-forgot">
          <summary>{AUTH.forgotPassword}</summary>
          <p>{AUTH.forgotPasswordColleague}</p>
          <p>{AUTH.forgotPasswordLastOwner}</p>
        </details>
        {canUsePasskeys && (
          <>
            <p className="login-or">{PASSKEY_LOGIN.or}</p>
            <button
              type="button"
              className="btn btn-outline btn-block"
              disabled={submitting}
              onClick={() => void onPasskey()}
            >
              {PASSKEY_LOGIN.button}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
