/**
 * Passkeys with @simplewebauthn/server: a signed-in person registers passkeys (named, listed,
 * removable) on their Account screen; anyone signs in with a discoverable credential (no user ID typed). The
 * relying party is the site's origin (SITE_URL, else Netlify's URL; the request's own origin on this machine).
 * Each ceremony's challenge is stored server-side for WEBAUTHN_CHALLENGE_SECONDS and consumed once.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { ACCOUNT_PATHS } from '../../lib/identity.ts';
import { PasskeyNameSchema } from '../../lib/identity-schemas.ts';
import { brandName } from '../../lib/site-config.ts';
import { AUTH, IDENTITY } from '../../lib/staff-messages.ts';
import { listAccounts, updateAccount, type Account, type StoredPasskey } from '../auth/accounts.ts';
import { sessionOf } from '../auth/guard.ts';
import { cookieIsSecure } from '../auth/session.ts';
import { clearFailures, signedIn } from '../auth/sign-in.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { isId } from '../repository/ids.ts';
import type { Deps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { HandlerInput } from '../http/netlify-function.ts';
import {
  badRequest,
  created,
  failure,
  HttpError,
  notFound,
  ok,
  serviceUnavailable,
  unauthorized,
} from '../http/respond.ts';
import {
  READ,
  STAFF,
  staffRoute,
  type ApiRoute,
  type RouteLimit,
  type StaffInput,
} from '../http/route-table.ts';
import { validate } from '../http/validate.ts';

/**
 * @simplewebauthn/server costs ~100 ms to load, and the API function is loaded afresh for many invocations: only
 * a passkey ceremony pays for it.
 */
const webauthn = () => import('@simplewebauthn/server');

export const CHALLENGES = 'webauthn-challenges';
export const WEBAUTHN_CHALLENGE_SECONDS = 300;
/**
 * Sign-in challenges asked for, per address (declared on the route, auth-handler.ts). Anyone may ask, and every
 * answer is a stored record: an address gets about as many as one challenge's lifetime can hold live at once,
 * which is far more than a person tapping "Sign in with a passkey".
 */
export const CHALLENGES_BY_ADDRESS: RouteLimit = {
  name: 'address',
  per: 'address',
  counters: (env) => [
    {
      bucket: 'passkey-options',
      rule: { limit: env.LOGIN_RATE_LIMIT_MAX, windowSeconds: WEBAUTHN_CHALLENGE_SECONDS },
    },
  ],
  message: () => AUTH.tooManyAttempts,
};

/** The relying party: the site's public origin, or on this machine the origin the browser is on. */
function relyingParty(request: Request, deps: Deps): { origin: string; rpID: string } | null {
  const own = new URL(request.url).origin;
  const origin = deps.env.siteOrigin ?? (cookieIsSecure(request, deps.env.deployed) ? null : own);
  return origin ? { origin, rpID: new URL(origin).hostname } : null;
}

function requireRelyingParty(request: Request, deps: Deps) {
  const party = relyingParty(request, deps);
  if (!party) throw new HttpError(serviceUnavailable(AUTH.notConfigured));
  return party;
}

async function storeChallenge(
  deps: Deps,
  challenge: string,
  purpose: 'register' | 'login',
  accountId?: string,
) {
  // Expired challenges go as new ones are written, not a day later: with the per-address limit on asking, what
  // the store holds stays bounded by how many challenges can be live at once.
  await purgeExpiredChallenges(deps);
  const item = await deps.repository.create(CHALLENGES, {
    challenge,
    purpose,
    accountId: accountId ?? null,
    expiresAt: new Date(deps.now().getTime() + WEBAUTHN_CHALLENGE_SECONDS * 1000).toISOString(),
  });
  return item._id;
}

/**
 * Challenges nobody answered (an abandoned or scripted ceremony) would pile up, since asking for a sign-in
 * challenge needs no session: every new challenge, and the daily purge, drops every expired one.
 */
export async function purgeExpiredChallenges(deps: Deps): Promise<number> {
  const now = deps.now().getTime();
  const expired = (await deps.repository.list(CHALLENGES)).filter(
    (item) => new Date(String(item.expiresAt)).getTime() <= now,
  );
  await Promise.all(expired.map((item) => deps.repository.delete(CHALLENGES, item._id)));
  return expired.length;
}

/**
 * Takes a challenge out of the store, once: a replayed response finds nothing. Blobs removes by a read and then a
 * delete, so requests racing with one signed response could each take it; of those, only the one that claims the
 * challenge's lease may (it outlives the challenge, and only challenges that exist get one).
 */
async function takeChallenge(deps: Deps, id: string, purpose: 'register' | 'login') {
  if (!isId(id) || !(await deps.repository.get(CHALLENGES, id))) return null;
  if (!(await deps.coordination.acquireLease(`${CHALLENGES}-${id}`, WEBAUTHN_CHALLENGE_SECONDS * 1000)))
    return null;
  const item = await deps.repository.delete(CHALLENGES, id);
  if (!item || item.purpose !== purpose) return null;
  if (new Date(String(item.expiresAt)).getTime() <= deps.now().getTime()) return null;
  return { challenge: String(item.challenge), accountId: item.accountId ? String(item.accountId) : null };
}

const CREDENTIAL_ID_MAX_LENGTH = 1024;
const CREDENTIAL_ID = new RegExp(`^[A-Za-z0-9_-]{1,${CREDENTIAL_ID_MAX_LENGTH}}$`);

const CeremonySchema = z.object({
  challengeId: z.string().min(1).max(64),
  response: z.looseObject({ id: z.string().min(1).max(CREDENTIAL_ID_MAX_LENGTH), type: z.string() }),
});

const RegisterSchema = CeremonySchema.extend({ name: PasskeyNameSchema });

/** `/api/v1/auth/passkeys[...]`: the signed-in person's passkeys. */
export const passkeyRoutes: readonly ApiRoute[] = [
  // Before the credential route: `options` is no credential.
  staffRoute(
    'POST',
    ACCOUNT_PATHS.passkeyRegisterOptions,
    STAFF,
    { none: 'a registration challenge; the passkey it leads to is logged' },
    registrationOptions,
  ),
  staffRoute('GET', ACCOUNT_PATHS.passkeys, STAFF, READ, list),
  staffRoute('POST', ACCOUNT_PATHS.passkeys, STAFF, ['passkey-add'], register),
  // A credential id (base64url, up to CREDENTIAL_ID_MAX_LENGTH) may be longer than the API's item ids.
  staffRoute(
    'DELETE',
    `${ACCOUNT_PATHS.passkeys}/:credentialId`,
    STAFF,
    ['passkey-remove'],
    (input) => remove(input, input.params.credentialId ?? ''),
    { params: { credentialId: CREDENTIAL_ID } },
  ),
];

/** The caller's account (the route table's guard has checked the session). */
async function me(input: StaffInput) {
  const found = await sessionOf(input.request, input.deps);
  if (!found) throw new HttpError(unauthorized());
  return found.account;
}

const passkeyViews = (account: Account) =>
  account.passkeys.map(({ id, name, createdAt }) => ({ id, name, createdAt }));

async function list(input: StaffInput) {
  return ok(passkeyViews(await me(input)));
}

async function registrationOptions(input: StaffInput) {
  const account = await me(input);
  const { rpID } = requireRelyingParty(input.request, input.deps);
  const options = await (
    await webauthn()
  ).generateRegistrationOptions({
    rpName: brandName,
    rpID,
    userName: account.userId,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(account._id),
    attestationType: 'none',
    excludeCredentials: account.passkeys.map(({ id, transports }) => ({
      id,
      transports: transports as AuthenticatorTransport[] | undefined,
    })),
    // Discoverable: the login page asks for no user ID.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(input.deps, options.challenge, 'register', account._id);
  return ok({ options, challengeId });
}

async function register(input: StaffInput) {
  const { request, deps, ip } = input;
  const account = await me(input);
  const party = requireRelyingParty(request, deps);
  const body = validate(RegisterSchema, await readJson(request));
  const challenge = await takeChallenge(deps, body.challengeId, 'register');
  if (!challenge || challenge.accountId !== account._id) return badRequest(IDENTITY.passkeyFailed);
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyRegistrationResponse({
      response: body.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      requireUserVerification: false,
    });
  } catch {
    return badRequest(IDENTITY.passkeyFailed);
  }
  if (!verification.verified) return badRequest(IDENTITY.passkeyFailed);
  const { credential } = verification.registrationInfo;
  const passkey: StoredPasskey = {
    id: credential.id,
    name: body.name,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports,
    createdAt: deps.now().toISOString(),
  };
  // Re-read: the account may have changed while the person touched their authenticator.
  const accounts = await listAccounts(deps);
  const fresh = accounts.find((candidate) => candidate._id === account._id);
  if (!fresh) throw new HttpError(unauthorized());
  // One account per credential id (WebAuthn §7.1, step 26): sign-in finds the account by it, so the same id
  // registered on an account listed earlier would shut the passkey's owner out.
  if (accounts.some((other) => other !== fresh && other.passkeys.some((key) => key.id === passkey.id)))
    return badRequest(IDENTITY.passkeyFailed);
  const updated = await updateAccount(deps, account._id, {
    passkeys: [...fresh.passkeys.filter((key) => key.id !== passkey.id), passkey],
  });
  await recordAudit(deps, {
    actor: account.userId,
    actorName: account.name,
    action: 'passkey-add',
    target: { family: 'account', id: account._id, title: body.name },
    ip,
  });
  return created(updated ? passkeyViews(updated) : [], IDENTITY.passkeyAdded);
}

async function remove(input: StaffInput, credentialId: string) {
  const account = await me(input);
  const passkey = account.passkeys.find((key) => key.id === credentialId);
  if (!passkey) return notFound();
  if (account.requirePasskey && account.passkeys.length === 1)
    return failure(409, IDENTITY.passkeyRequiresOne);
  const updated = await updateAccount(input.deps, account._id, {
    passkeys: account.passkeys.filter((key) => key.id !== credentialId),
  });
  await recordAudit(input.deps, {
    actor: account.userId,
    actorName: account.name,
    action: 'passkey-remove',
    target: { family: 'account', id: account._id, title: passkey.name },
    ip: input.ip,
  });
  return ok(updated ? passkeyViews(updated) : [], { message: IDENTITY.passkeyRemoved });
}

/** `POST /api/v1/auth/passkey/options`: a sign-in challenge for any discoverable passkey of this site. */
export async function passkeyLoginOptions({ request, deps }: HandlerInput) {
  if (!deps.env.SESSION_SECRET) return serviceUnavailable(AUTH.notConfigured);
  const { rpID } = requireRelyingParty(request, deps);
  const options = await (
    await webauthn()
  ).generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  const challengeId = await storeChallenge(deps, options.challenge, 'login');
  return ok({ options, challengeId });
}

/** `POST /api/v1/auth/passkey`: signs in with a passkey; failures count like wrong passwords. */
export async function passkeyLogin({ request, deps, ip }: HandlerInput) {
  if (!deps.env.SESSION_SECRET) return serviceUnavailable(AUTH.notConfigured);
  // Counted per address by the route's limits before this ran, as the password sign-in is.
  const party = requireRelyingParty(request, deps);
  const body = validate(CeremonySchema, await readJson(request));
  const refused = async (actor: string) => {
    await recordAudit(deps, {
      actor,
      action: 'sign-in-failed',
      target: { family: 'auth', title: 'passkey' },
      ip,
    });
    return failure(401, IDENTITY.passkeyFailed);
  };
  const challenge = await takeChallenge(deps, body.challengeId, 'login');
  if (!challenge) return refused('(unknown passkey)');
  const response = body.response as unknown as AuthenticationResponseJSON;
  const accounts = await listAccounts(deps);
  const account = accounts.find((candidate) => candidate.passkeys.some((key) => key.id === response.id));
  const passkey = account?.passkeys.find((key) => key.id === response.id);
  if (!account || !passkey || account.disabled) return refused(account?.userId ?? '(unknown passkey)');
  // WebAuthn §7.2 step 6: a user handle, when the authenticator sends one, must name the credential's owner.
  const userHandle = response.response.userHandle;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString() !== account._id)
    return refused(account.userId);
  let verification;
  try {
    verification = await (
      await webauthn()
    ).verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[] | undefined,
      },
      requireUserVerification: false,
    });
  } catch {
    return refused(account.userId);
  }
  if (!verification.verified) return refused(account.userId);
  await updateAccount(deps, account._id, {
    passkeys: account.passkeys.map((key) =>
      key.id === passkey.id ? { ...key, counter: verification.authenticationInfo.newCounter } : key,
    ),
  });
  await clearFailures(deps, ip, account.userId);
  return signedIn(request, deps, ip, account, 'passkey');
}
