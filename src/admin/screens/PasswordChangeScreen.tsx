/**
 * All an account signed in with a temporary password sees: the server refuses every other admin route
 * until the password is replaced, so the admin offers nothing else. Once changed, the session's account is read
 * again and the admin opens as usual.
 */
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { IDENTITY } from '../../lib/staff-messages.ts';
import { FORM, PASSWORD_CHANGE, SHELL } from '../admin-copy.ts';
import { failureText } from '../api/admin-api.ts';
import { confirmationProblem, NO_PASSWORD_CHANGE, PasswordChangeFields } from '../parts/NewPasswordField.tsx';
import { changePassword } from '../stores/identity-store.ts';
import { $loggingOut, $me, loadMe, signOut } from '../stores/session.ts';

export default function PasswordChangeScreen() {
  const me = useStore($me);
  const loggingOut = useStore($loggingOut);
  const id = useId();
  const [password, setPassword] = useState(NO_PASSWORD_CHANGE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = confirmationProblem(password.next, password.confirmation);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await changePassword(password.current, password.next, password.confirmation);
      await loadMe();
    } catch (failed) {
      setError(failureText(failed, IDENTITY.saveFailed));
      setBusy(false);
    }
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={(event) => void onSubmit(event)} noValidate>
        <h1 className="login-title">{PASSWORD_CHANGE.heading}</h1>
        <p className="alert alert-info" role="status">
          {IDENTITY.mustChangePassword}
        </p>
        <PasswordChangeFields
          id={id}
          username={me?.userId ?? ''}
          currentLabel={PASSWORD_CHANGE.temporaryPassword}
          value={password}
          onChange={setPassword}
        />
        <div className="login-error-region">
          {error && (
            <p className="alert alert-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? FORM.processing : PASSWORD_CHANGE.submit}
        </button>
        <button
          type="button"
          className="btn btn-outline btn-block"
          disabled={loggingOut}
          onClick={() => void signOut()}
        >
          {loggingOut ? SHELL.loggingOut : SHELL.logout}
        </button>
      </form>
    </main>
  );
}
