/**
 * The admin's side of named accounts: the signed-in person's account (password, passkeys, devices), the
 * owners' Team screen and the Activity log. Passkey ceremonies load @simplewebauthn/browser on first use only.
 */
import {
  ACCOUNT_PATHS,
  AUDIT_PATH,
  USERS_PATH,
  type AccountView,
  type AuditEntry,
  type Role,
} from '../../lib/identity.ts';
import { adminRequest } from '../api/admin-api.ts';
import { $me } from './session.ts';

interface Envelope<T> {
  data?: T;
  message?: string;
  nextCursor?: string | null;
}

const call = async <T>(path: string, options: Parameters<typeof adminRequest>[1] = {}) =>
  (await adminRequest(path, options)) as Envelope<T> | null;

export interface DeviceSession {
  _id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string;
  current: boolean;
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
}

export const loadPasskeys = async () => (await call<PasskeyView[]>(ACCOUNT_PATHS.passkeys))?.data ?? [];
export const loadDevices = async () => (await call<DeviceSession[]>(ACCOUNT_PATHS.sessions))?.data ?? [];

export const changePassword = async (currentPassword: string, newPassword: string, confirmPassword: string) =>
  (
    await call<null>(ACCOUNT_PATHS.password, {
      method: 'POST',
      json: { currentPassword, newPassword, confirmPassword },
    })
  )?.message ?? '';

/** Changes the signed-in person's own name; the shell's "Signed in as" follows at once. */
export async function renameSelf(name: string): Promise<string> {
  const reply = await call<AccountView>(ACCOUNT_PATHS.name, { method: 'PATCH', json: { name } });
  const me = $me.get();
  if (me && reply?.data?.name) $me.set({ ...me, name: reply.data.name });
  return reply?.message ?? '';
}

export const signOutOtherDevices = async () =>
  (await call<{ ended: number }>(ACCOUNT_PATHS.sessions, { method: 'DELETE' }))?.message ?? '';

export const browserSupportsPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Registers a passkey on this device under `name`; answers the server's message. */
export async function addPasskey(name: string): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const begun = await call<{
    options: Parameters<typeof startRegistration>[0]['optionsJSON'];
    challengeId: string;
  }>(ACCOUNT_PATHS.passkeyRegisterOptions, { method: 'POST', json: {} });
  if (!begun?.data) throw new Error('No registration options');
  const response = await startRegistration({ optionsJSON: begun.data.options });
  const done = await call<PasskeyView[]>(ACCOUNT_PATHS.passkeys, {
    method: 'POST',
    json: { challengeId: begun.data.challengeId, name, response },
  });
  return done?.message ?? '';
}

export const removePasskey = async (id: string) =>
  (await call<PasskeyView[]>(`${ACCOUNT_PATHS.passkeys}/${encodeURIComponent(id)}`, { method: 'DELETE' }))
    ?.message ?? '';

export const loadTeam = async () => (await call<AccountView[]>(USERS_PATH))?.data ?? [];

export const addPerson = async (input: { userId: string; name: string; role: Role; password: string }) =>
  (await call<AccountView>(USERS_PATH, { method: 'POST', json: input }))?.message ?? '';

export const changePerson = async (
  id: string,
  fields: Partial<Pick<AccountView, 'role' | 'disabled' | 'requirePasskey' | 'name' | 'email'>> & {
    /** A temporary password, which they must replace at their next sign-in. */
    password?: string;
    confirmPassword?: string;
  },
) => (await call<AccountView>(`${USERS_PATH}/${id}`, { method: 'PATCH', json: fields }))?.message ?? '';

export const deletePerson = async (id: string) =>
  (await call<null>(`${USERS_PATH}/${id}`, { method: 'DELETE' }))?.message ?? '';

export async function loadActivity(filters: {
  actor?: string;
  action?: string;
  /** IST calendar days, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  cursor?: string | null;
}) {
  const body = await call<AuditEntry[]>(AUDIT_PATH, {
    query: {
      actor: filters.actor || undefined,
      action: filters.action || undefined,
      from: filters.from || undefined,
      to: filters.to || undefined,
      cursor: filters.cursor ?? undefined,
    },
  });
  return { entries: body?.data ?? [], nextCursor: body?.nextCursor ?? null };
}
