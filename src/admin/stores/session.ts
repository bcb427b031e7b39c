/**
 * The admin session (docs/design.md (Architecture) "Admin authentication"): the spec's browser flag `adminLoggedIn = 'true'`
 * drives routing, while the server decides through an HttpOnly cookie. Components read these atoms and call
 * these actions; they never set the atoms themselves.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import { ApiError, apiRequest, userMessage } from '../../lib/api-client.ts';
import { AUTH_PATHS } from '../../lib/constants.ts';
import { ACCOUNT_PATHS, type SessionView } from '../../lib/identity.ts';
import { AUTH, IDENTITY } from '../../lib/staff-messages.ts';

/** The spec's flag: the string 'true' when signed in; the key is removed when signed out. */
export const $adminLoggedIn = persistentAtom<string | undefined>('adminLoggedIn', undefined);

export interface LoginState {
  submitting: boolean;
  error: string | null;
}

export const $login = atom<LoginState>({ submitting: false, error: null });
/** Set when a request found the session gone: the login page then says so. */
export const $sessionExpired = atom(false);
/** The session ended because the account was disabled: the login page says that instead. */
export const $accountDisabled = atom(false);
export const $loggingOut = atom(false);

export const isSignedIn = (flag: string | undefined) => flag === 'true';

/** Who is signed in: name and role, for the shell and the owner-only screens. */
export const $me = atom<SessionView | null>(null);

/** Whether the login page asks for a user ID (more accounts than the bootstrap owner) and offers passkeys. */
export const $loginOptions = atom<{ userIdRequired: boolean; passkeys: boolean }>({
  userIdRequired: false,
  passkeys: false,
});

export async function loadLoginOptions(): Promise<void> {
  try {
    const body = (await apiRequest(ACCOUNT_PATHS.loginOptions)) as {
      data?: { userIdRequired?: unknown; passkeys?: unknown };
    } | null;
    $loginOptions.set({
      userIdRequired: body?.data?.userIdRequired === true,
      passkeys: body?.data?.passkeys === true,
    });
  } catch {
    // Without an answer the spec's screen shows; the login itself then says what is wrong.
  }
}

export async function loadMe(): Promise<void> {
  const body = (await apiRequest(AUTH_PATHS.session)) as { data?: SessionView } | null;
  if (body?.data?.authenticated === false) expireSession(body.data.accountDisabled === true);
  else if (body?.data) $me.set(body.data);
}

/**
 * The message for a failed sign-in: the spec's text for a wrong password, the server's for the rest (a disabled
 * account, which the server names only after the right password, is a 401 too).
 */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401)
    return error.serverMessage === AUTH.accountDisabled ? AUTH.accountDisabled : AUTH.invalidPassword;
  if (error instanceof ApiError && error.status === 400) return error.errors?.password ?? userMessage(error);
  // 429 (too many attempts) and 503 (not configured) carry the server's message; the rule picks it.
  return userMessage(error);
}

/**
 * Who signed in is known before the first screen shows, so that a temporary password's "choose a new password"
 * comes first and an editor never sees an owner's form.
 */
async function signedIn(): Promise<void> {
  await loadMe().catch(() => undefined);
  $adminLoggedIn.set('true');
  $sessionExpired.set(false);
  $accountDisabled.set(false);
  $login.set({ submitting: false, error: null });
}

/** Checks the password (and the user ID, once there are several accounts) on the server. True when signed in. */
export async function signIn(password: string, userId?: string): Promise<boolean> {
  if (userId !== undefined && userId.trim() === '') {
    $login.set({ submitting: false, error: IDENTITY.userIdRequired });
    return false;
  }
  if (password === '') {
    $login.set({ submitting: false, error: AUTH.passwordRequired });
    return false;
  }
  $login.set({ submitting: true, error: null });
  try {
    await apiRequest(AUTH_PATHS.login, {
      method: 'POST',
      json: userId === undefined ? { password } : { userId: userId.trim(), password },
    });
    await signedIn();
    return true;
  } catch (error) {
    $login.set({ submitting: false, error: loginFailure(error) });
    return false;
  }
}

/** Signs in with a discoverable passkey (no user ID); loads the WebAuthn helper only now. */
export async function signInWithPasskey(): Promise<boolean> {
  $login.set({ submitting: true, error: null });
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    const begun = (await apiRequest(ACCOUNT_PATHS.passkeyLoginOptions, { method: 'POST', json: {} })) as {
      data: { options: Parameters<typeof startAuthentication>[0]['optionsJSON']; challengeId: string };
    };
    const response = await startAuthentication({ optionsJSON: begun.data.options });
    await apiRequest(ACCOUNT_PATHS.passkeyLogin, {
      method: 'POST',
      json: { challengeId: begun.data.challengeId, response },
    });
    await signedIn();
    return true;
  } catch (error) {
    const message =
      error instanceof ApiError && error.serverMessage ? error.serverMessage : IDENTITY.passkeyFailed;
    $login.set({ submitting: false, error: message });
    return false;
  }
}

export function clearLoginError(): void {
  if ($login.get().error) $login.set({ ...$login.get(), error: null });
}

/** Ends the session on the server (best effort) and clears the flag; routing then shows the login page. */
export async function signOut(): Promise<void> {
  $loggingOut.set(true);
  try {
    await apiRequest(AUTH_PATHS.logout, { method: 'POST' });
  } catch {
    // The flag goes regardless: a session the server no longer knows is signed out anyway.
  } finally {
    $loggingOut.set(false);
    $sessionExpired.set(false);
    $me.set(null);
    $adminLoggedIn.set(undefined);
  }
}

/** The server said 401: the cookie is gone or expired, or (`disabled`) its account was disabled. */
export function expireSession(disabled = false): void {
  if (isSignedIn($adminLoggedIn.get())) {
    $sessionExpired.set(true);
    $accountDisabled.set(disabled);
  }
  $me.set(null);
  $adminLoggedIn.set(undefined);
}

/** On start with the flag set, asks the server whether the cookie still holds; a stale flag is cleared. */
export async function verifySession(): Promise<void> {
  try {
    await loadMe();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) expireSession();
  }
}
