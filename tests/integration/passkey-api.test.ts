/**
 * Passkey ceremonies at the handler (issue 13, decision 26): registration (options → verify) and passwordless
 * sign-in (options → verify) against a software authenticator (tests/support/soft-authenticator.ts), with the
 * real @simplewebauthn/server checks, on both adapters: real redis-server behind the Upstash gateway, and
 * Netlify's local Blobs server. The Chromium virtual authenticator still covers the admin's browser side
 * (tests/e2e/admin-identity.spec.ts).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/lib/collections.ts';
import {
  ACCOUNT_PATHS,
  AUDIT_PATH,
  USERS_PATH,
  type AccountView,
  type AuditEntry,
} from '../../src/lib/identity.ts';
import { AUTH, IDENTITY } from '../../src/lib/staff-messages.ts';
import { LOGIN_RATE_LIMIT } from '../../src/lib/constants.ts';
import { findAccountByUserId, type Account } from '../../src/server/auth/accounts.ts';
import { SESSIONS } from '../../src/server/auth/sessions.ts';
import { CHALLENGES, WEBAUTHN_CHALLENGE_SECONDS } from '../../src/server/handlers/passkey-handler.ts';
import { runScheduledPurge } from '../../src/server/rebuild/scheduled.ts';
import { SoftAuthenticator, type SoftCredential, type Tampering } from '../support/soft-authenticator.ts';
import {
  body,
  freshAddresses,
  ORIGIN,
  sessionTokenOf,
  startApiOn,
  STORE_BACKENDS,
  type Api,
} from './api-harness.ts';

/** The relying party the server must name: the site's own host (SITE_URL, else URL; the harness sets URL). */
const RP_ID = new URL(ORIGIN).hostname;
const ELSEWHERE = 'https://delta.example.attacker.test';
const PASSWORD = 'violet-harbour-lantern-42';

/** Failed ceremonies count against the address like wrong passwords: each attempt gets its own. */
const freshIp = freshAddresses('198.18');

interface Begun<Options> {
  options: Options;
  challengeId: string;
}

describe.each(STORE_BACKENDS)('passkeys on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'passkeys'));
  });
  afterAll(() => stop());

  /** The owner's phone, which keeps its passkey from one test to the next. */
  const ownerPhone = new SoftAuthenticator();

  const beginRegistration = async (session: string) => {
    const response = await api.call(ACCOUNT_PATHS.passkeyRegisterOptions, {
      method: 'POST',
      session,
      json: {},
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await body(response)).data as Begun<PublicKeyCredentialCreationOptionsJSON>;
  };
  const finishRegistration = (
    session: string,
    challengeId: string,
    response: RegistrationResponseJSON,
    name = 'Phone',
  ) => api.call(ACCOUNT_PATHS.passkeys, { method: 'POST', session, json: { challengeId, name, response } });
  /** Registers a passkey of `authenticator` on the session's account; answers the new credential. */
  const register = async (session: string, authenticator: SoftAuthenticator, name = 'Phone') => {
    const { options, challengeId } = await beginRegistration(session);
    const response = await finishRegistration(
      session,
      challengeId,
      authenticator.create(options, ORIGIN),
      name,
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const credential = authenticator.credentials.at(-1);
    if (!credential) throw new Error('The authenticator made no credential');
    return credential;
  };

  const beginSignIn = async () => {
    const response = await api.call(ACCOUNT_PATHS.passkeyLoginOptions, {
      method: 'POST',
      json: {},
      ip: freshIp(),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await body(response)).data as Begun<PublicKeyCredentialRequestOptionsJSON>;
  };
  const finishSignIn = (challengeId: string, response: AuthenticationResponseJSON) =>
    api.call(ACCOUNT_PATHS.passkeyLogin, { method: 'POST', json: { challengeId, response }, ip: freshIp() });
  const signIn = async (authenticator: SoftAuthenticator, credentialId?: string, tampering?: Tampering) => {
    const { options, challengeId } = await beginSignIn();
    return finishSignIn(challengeId, authenticator.get(options, ORIGIN, credentialId, tampering));
  };

  /** Who the session cookie a response set belongs to, as the session endpoint reports it. */
  const whoIs = async (response: Response) =>
    (await body(await api.call(AUTH_PATHS.session, { session: sessionTokenOf(response) ?? '' }))).data;
  const stored = async (userId: string): Promise<Account> => {
    const account = await findAccountByUserId(api.deps, userId);
    if (!account) throw new Error(`No account ${userId}`);
    return account;
  };
  /** The stored signature counter of the account's first passkey. */
  const counterOf = async (userId: string) => (await stored(userId)).passkeys[0]?.counter;
  const sessionsOf = async (account: Account) =>
    (await api.repository.list(SESSIONS)).filter((session) => session.accountId === account._id).length;
  const challengesLeft = async () => (await api.repository.list(CHALLENGES)).map((item) => item._id);
  const audit = async (query: string) =>
    (await body(await api.admin(`${AUDIT_PATH}${query}`))).data as AuditEntry[];
  const editor = async (userId: string) => {
    await api.account({ userId, name: userId, password: PASSWORD });
    return api.session(userId);
  };

  it('an owner registers a passkey through the options and verify endpoints; it is listed on the account and audited', async () => {
    const session = api.session();
    const { options, challengeId } = await beginRegistration(session);
    expect(options.rp.id).toBe(RP_ID);
    expect(options.user.name).toBe('admin');
    expect(options.authenticatorSelection?.residentKey).toBe('required');
    expect(options.excludeCredentials).toEqual([]);

    const response = await finishRegistration(
      session,
      challengeId,
      ownerPhone.create(options, ORIGIN),
      'Pixel',
    );
    expect(response.status).toBe(201);
    const answer = await body(response);
    expect(answer.message).toBe(IDENTITY.passkeyAdded);
    const [credential] = ownerPhone.credentials;
    expect(answer.data).toEqual([
      { id: credential?.id, name: 'Pixel', createdAt: api.clock.now.toISOString() },
    ]);

    // Listed on the account (and on the owners' Team screen), the key stored as the authenticator made it.
    expect((await body(await api.call(ACCOUNT_PATHS.passkeys, { session }))).data).toEqual(answer.data);
    const team = (await body(await api.admin(USERS_PATH))).data as AccountView[];
    expect(team.find((account) => account.userId === 'admin')?.passkeys).toEqual(answer.data);
    const [passkey] = (await stored('admin')).passkeys;
    expect(passkey).toMatchObject({
      id: credential?.id,
      counter: 0,
      publicKey: Buffer.from(credential?.publicKey ?? []).toString('base64url'),
    });
    // The challenge is spent, and the login page now offers passkeys.
    expect(await challengesLeft()).not.toContain(challengeId);
    expect((await body(await api.call(ACCOUNT_PATHS.loginOptions))).data).toMatchObject({ passkeys: true });

    const [entry] = await audit('?action=passkey-add&limit=1');
    expect(entry).toMatchObject({ actor: 'admin', target: { family: 'account', title: 'Pixel' } });

    // Registering the same authenticator again is stopped by the browser: the server names the credential held.
    const again = await beginRegistration(session);
    expect(again.options.excludeCredentials?.map(({ id }) => id)).toEqual([credential?.id]);
    expect(() => ownerPhone.create(again.options, ORIGIN)).toThrow(/InvalidStateError/);
  });

  it('signs in with that passkey as its owner (no user ID), and the stored counter advances with each use', async () => {
    const { options, challengeId } = await beginSignIn();
    expect(options.rpId).toBe(RP_ID);
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: the authenticator says who
    const response = await finishSignIn(challengeId, ownerPhone.get(options, ORIGIN));
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await body(response.clone())).data).toEqual({ authenticated: true });
    expect(await whoIs(response)).toEqual({
      authenticated: true,
      userId: 'admin',
      name: 'Owner',
      role: 'owner',
    });
    expect(await counterOf('admin')).toBe(1);
    expect(await challengesLeft()).not.toContain(challengeId);

    const second = await signIn(ownerPhone);
    expect(second.status).toBe(200);
    expect(await counterOf('admin')).toBe(2);

    const [entry] = await audit('?action=sign-in&limit=1');
    expect(entry).toMatchObject({ actor: 'admin', target: { family: 'auth', title: 'passkey' } });
  });

  // Blobs deletes by get-then-remove (decision 6), so two requests racing on one challenge can both take it:
  // consuming a challenge exactly once under concurrency holds on Redis only.
  it('a sign-in sent three times at once opens one session', async () => {
    const key = new SoftAuthenticator();
    await register(await editor('zara'), key);
    const zara = await stored('zara');
    const sessions = await sessionsOf(zara);
    const { options, challengeId } = await beginSignIn();
    const response = key.get(options, ORIGIN);
    const answers = await Promise.all([1, 2, 3].map(() => finishSignIn(challengeId, response)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401, 401]);
    expect(await sessionsOf(zara)).toBe(sessions + 1);
    expect(await counterOf('zara')).toBe(1);
  });

  it("refuses a sign-in from another origin, for another RP ID, on a spent, expired or registration challenge, signed by another key, with a counter gone back, by an unknown credential or under another account's user handle; nothing changes", async () => {
    const session = await editor('nisha');
    const phone = new SoftAuthenticator();
    const credential = await register(session, phone);

    // A sign-in that worked, whose request someone kept.
    const kept = await beginSignIn();
    const keptResponse = phone.get(kept.options, ORIGIN);
    expect((await finishSignIn(kept.challengeId, keptResponse)).status).toBe(200);

    /** Another key under the same credential id and user handle: a forgery. */
    const forger = new SoftAuthenticator();
    forger.add({ rpId: RP_ID, userHandle: credential.userHandle, id: credential.id });
    /** A passkey of this site's RP ID the server never registered. */
    const stranger = new SoftAuthenticator();
    stranger.add({ rpId: RP_ID, userHandle: credential.userHandle });

    const attempts: [string, () => Promise<Response>, string][] = [
      ['another origin', () => signIn(phone, credential.id, { origin: ELSEWHERE }), 'nisha'],
      ['another RP ID', () => signIn(phone, credential.id, { rpId: 'attacker.test' }), 'nisha'],
      ['a spent challenge', () => finishSignIn(kept.challengeId, keptResponse), '(unknown passkey)'],
      [
        'an expired challenge',
        async () => {
          const { options, challengeId } = await beginSignIn();
          api.clock.advance(WEBAUTHN_CHALLENGE_SECONDS * 1000 + 1000);
          return finishSignIn(challengeId, phone.get(options, ORIGIN));
        },
        '(unknown passkey)',
      ],
      [
        'a registration challenge',
        async () => {
          const { options, challengeId } = await beginRegistration(session);
          return finishSignIn(challengeId, phone.get({ challenge: options.challenge, rpId: RP_ID }, ORIGIN));
        },
        '(unknown passkey)',
      ],
      ['another key', () => signIn(forger), 'nisha'],
      [
        'a counter gone back',
        async () => signIn(phone, credential.id, { signCount: Number(await counterOf('nisha')) - 1 }),
        'nisha',
      ],
      [
        'a counter that did not move',
        async () => signIn(phone, credential.id, { signCount: await counterOf('nisha') }),
        'nisha',
      ],
      ['an unknown credential', () => signIn(stranger), '(unknown passkey)'],
      [
        "another account's user handle",
        // The handle the server gave the owner's passkeys (the account's id, as registration options carry it).
        async () =>
          signIn(phone, credential.id, {
            userHandle: Buffer.from((await stored('admin'))._id).toString('base64url'),
          }),
        'nisha',
      ],
    ];
    for (const [what, attempt, actor] of attempts) {
      const before = await stored('nisha');
      const sessions = await sessionsOf(before);
      const response = await attempt();
      expect(response.status, what).toBe(401);
      expect(await body(response), what).toEqual({ success: false, message: IDENTITY.passkeyFailed });
      expect(response.headers.get('set-cookie'), what).toBeNull();
      expect((await stored('nisha')).passkeys, what).toEqual(before.passkeys);
      expect(await sessionsOf(before), what).toBe(sessions);
      const [entry] = await audit('?action=sign-in-failed&limit=1');
      expect(entry, what).toMatchObject({ actor, target: { family: 'auth', title: 'passkey' } });
    }
    // The passkey itself still works.
    expect(await whoIs(await signIn(phone))).toMatchObject({ authenticated: true, userId: 'nisha' });
  });

  it("refuses a registration from another origin, for another RP ID, on a spent challenge, another account's or a sign-in challenge, and stores no passkey", async () => {
    const session = await editor('kabir');
    await register(session, new SoftAuthenticator(), 'Laptop');
    const kept = await beginRegistration(session);
    const keptResponse = new SoftAuthenticator().create(kept.options, ORIGIN);
    expect((await finishRegistration(session, kept.challengeId, keptResponse, 'Tablet')).status).toBe(201);

    const attempts: [string, () => Promise<Response>][] = [
      [
        'another origin',
        async () => {
          const { options, challengeId } = await beginRegistration(session);
          const response = new SoftAuthenticator().create(options, ORIGIN, { origin: ELSEWHERE });
          return finishRegistration(session, challengeId, response);
        },
      ],
      [
        'another RP ID',
        async () => {
          const { options, challengeId } = await beginRegistration(session);
          const response = new SoftAuthenticator().create(options, ORIGIN, { rpId: 'attacker.test' });
          return finishRegistration(session, challengeId, response);
        },
      ],
      ['a spent challenge', () => finishRegistration(session, kept.challengeId, keptResponse)],
      [
        "another account's challenge",
        async () => {
          const { options, challengeId } = await beginRegistration(api.session());
          return finishRegistration(session, challengeId, new SoftAuthenticator().create(options, ORIGIN));
        },
      ],
      [
        'a sign-in challenge',
        async () => {
          const { options: registration } = await beginRegistration(session);
          const { options, challengeId } = await beginSignIn();
          const response = new SoftAuthenticator().create(
            { ...registration, challenge: options.challenge },
            ORIGIN,
          );
          return finishRegistration(session, challengeId, response);
        },
      ],
    ];
    const added = (await audit('?action=passkey-add&actor=kabir')).length;
    for (const [what, attempt] of attempts) {
      const before = (await stored('kabir')).passkeys;
      const response = await attempt();
      expect(response.status, what).toBe(400);
      expect((await body(response)).message, what).toBe(IDENTITY.passkeyFailed);
      expect((await stored('kabir')).passkeys, what).toEqual(before);
    }
    expect((await stored('kabir')).passkeys.map((key) => key.name)).toEqual(['Laptop', 'Tablet']);
    expect(await audit('?action=passkey-add&actor=kabir')).toHaveLength(added);
  });

  it("refuses a disabled account's passkey, and takes it again once the account is enabled", async () => {
    const phone = new SoftAuthenticator();
    await register(await editor('ravi'), phone);
    const ravi = await stored('ravi');
    const disable = (disabled: boolean) =>
      api.admin(`${USERS_PATH}/${ravi._id}`, { method: 'PATCH', json: { disabled } });

    expect((await disable(true)).status).toBe(200);
    const sessions = await sessionsOf(ravi);
    const refused = await signIn(phone);
    expect(refused.status).toBe(401);
    expect(await body(refused)).toEqual({ success: false, message: IDENTITY.passkeyFailed });
    expect(await sessionsOf(ravi)).toBe(sessions);
    expect((await stored('ravi')).passkeys).toEqual(ravi.passkeys);
    const [entry] = await audit('?action=sign-in-failed&limit=1');
    expect(entry).toMatchObject({ actor: 'ravi', target: { title: 'passkey' } });

    expect((await disable(false)).status).toBe(200);
    expect(await whoIs(await signIn(phone))).toMatchObject({ authenticated: true, userId: 'ravi' });
  });

  it('with "require passkey" set, the passkey signs in while the password is refused like a wrong one', async () => {
    const key = new SoftAuthenticator();
    const credential = await register(await editor('meera'), key);
    const meera = await stored('meera');
    const required = await api.admin(`${USERS_PATH}/${meera._id}`, {
      method: 'PATCH',
      json: { requirePasskey: true },
    });
    expect(required.status).toBe(200);
    expect(((await body(required)).data as AccountView).requirePasskey).toBe(true);

    const password = await api.call(AUTH_PATHS.login, {
      method: 'POST',
      json: { userId: 'meera', password: PASSWORD },
      ip: freshIp(),
    });
    expect(password.status).toBe(401);
    expect(await body(password)).toEqual({ success: false, message: AUTH.invalidPassword });
    expect(password.headers.get('set-cookie')).toBeNull();

    const passkey = await signIn(key);
    expect(passkey.status).toBe(200);
    expect(await whoIs(passkey)).toEqual({
      authenticated: true,
      userId: 'meera',
      name: 'meera',
      role: 'editor',
    });

    // Nor can the one passkey go while it is required: the account would have no way in.
    const session = api.session('meera');
    const removal = await api.call(`${ACCOUNT_PATHS.passkeys}/${credential.id}`, {
      method: 'DELETE',
      session,
    });
    expect(removal.status).toBe(409);
    expect((await body(removal)).message).toBe(IDENTITY.passkeyRequiresOne);
    expect((await stored('meera')).passkeys.map((stored) => stored.id)).toEqual([credential.id]);
  });

  it('a removed passkey no longer signs in, and its removal is audited', async () => {
    const session = api.session();
    const [credential] = ownerPhone.credentials as [SoftCredential];
    expect((await signIn(ownerPhone)).status).toBe(200);

    const removed = await api.call(`${ACCOUNT_PATHS.passkeys}/${credential.id}`, {
      method: 'DELETE',
      session,
    });
    expect(removed.status).toBe(200);
    expect(await body(removed)).toMatchObject({ data: [], message: IDENTITY.passkeyRemoved });
    expect((await stored('admin')).passkeys).toEqual([]);
    const [entry] = await audit('?action=passkey-remove&limit=1');
    expect(entry).toMatchObject({ actor: 'admin', target: { family: 'account', title: 'Pixel' } });

    const refused = await signIn(ownerPhone);
    expect(refused.status).toBe(401);
    expect(await body(refused)).toEqual({ success: false, message: IDENTITY.passkeyFailed });
    expect(refused.headers.get('set-cookie')).toBeNull();
    const again = await api.call(`${ACCOUNT_PATHS.passkeys}/${credential.id}`, { method: 'DELETE', session });
    expect(again.status).toBe(404);
  });

  it("refuses a credential id another account holds, so an older account cannot shut its owner's passkey out", async () => {
    // Credential ids are not secrets (owners see them on the Team screen; every sign-in sends one). The account
    // made first lists first, which is where a lookup by credential id alone would land.
    const early = await editor('early');
    const lateKey = new SoftAuthenticator();
    const credential = await register(await editor('late'), lateKey);

    const { options, challengeId } = await beginRegistration(early);
    const clone = new SoftAuthenticator().create(options, ORIGIN, { credentialId: credential.id });
    const refused = await finishRegistration(early, challengeId, clone);
    expect(refused.status).toBe(400);
    expect((await body(refused)).message).toBe(IDENTITY.passkeyFailed);
    expect((await stored('early')).passkeys).toEqual([]);

    expect(await whoIs(await signIn(lateKey))).toMatchObject({ authenticated: true, userId: 'late' });
  });

  it("removes a passkey whose credential id is longer than the API's item ids", async () => {
    // WebAuthn allows ids up to 1023 bytes and registration takes up to 1024 characters; a U2F-style key handle
    // is up to 255 bytes (340 characters), where item ids stop at 128 characters.
    const session = await editor('long-id');
    const { options, challengeId } = await beginRegistration(session);
    const credentialId = randomBytes(255).toString('base64url');
    const response = new SoftAuthenticator().create(options, ORIGIN, { credentialId });
    expect((await finishRegistration(session, challengeId, response)).status).toBe(201);

    const removed = await api.call(`${ACCOUNT_PATHS.passkeys}/${credentialId}`, {
      method: 'DELETE',
      session,
    });
    expect(removed.status).toBe(200);
    expect((await body(removed)).message).toBe(IDENTITY.passkeyRemoved);
    expect((await stored('long-id')).passkeys).toEqual([]);
  });

  it('limits sign-in challenges per address, and drops expired ones as new ones are stored', async () => {
    const ask = (ip: string) => api.call(ACCOUNT_PATHS.passkeyLoginOptions, { method: 'POST', json: {}, ip });
    const ip = freshIp();
    for (let call = 0; call < LOGIN_RATE_LIMIT.limit; call++) expect((await ask(ip)).status).toBe(200);
    const limited = await ask(ip);
    expect(limited.status).toBe(429);
    expect(await body(limited)).toEqual({ success: false, message: AUTH.tooManyAttempts });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(WEBAUTHN_CHALLENGE_SECONDS);
    const live = await api.repository.list(CHALLENGES);
    expect(live.length).toBeGreaterThanOrEqual(LOGIN_RATE_LIMIT.limit);

    api.clock.advance(WEBAUTHN_CHALLENGE_SECONDS * 1000 + 1000);
    const fresh = await ask(freshIp());
    expect(fresh.status).toBe(200);
    // Only the challenge just written is left: no daily purge needed.
    expect(await challengesLeft()).toEqual([((await body(fresh)).data as Begun<unknown>).challengeId]);
  });

  it('the daily purge drops passkey challenges nobody answered, and keeps live ones', async () => {
    const stored = async () => (await api.repository.list(CHALLENGES)).length;
    const before = await stored();
    await beginSignIn();
    await beginSignIn();
    expect(await stored()).toBe(before + 2);
    api.clock.advance(WEBAUTHN_CHALLENGE_SECONDS * 1000 + 1000);
    await beginSignIn();
    await runScheduledPurge(api.deps);
    // The two from before the wait are gone; the one just asked for still works.
    expect(await stored()).toBe(1);
  });
});
