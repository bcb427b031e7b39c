/**
 * Certificates' Open Badges 3.0 credentials as a standard verifier sees them, offline, on both stores: the JWT's
 * Ed25519 signature checked with node:crypto against the published JWKS (not with the library that signs), the
 * credential expanded by `jsonld` in safe mode with stored copies of the VC 2.0 and Open Badges 3.0.3 contexts
 * (tests/fixtures/vc-contexts; the document loader never touches the network), and its revocation read by Digital
 * Bazaar's Bitstring Status List library from the status list credential the site serves.
 */
import { generateKeyPairSync, createPublicKey, verify as verifySignature } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkStatus, decodeList } from '@digitalbazaar/vc-bitstring-status-list';
import type { JSONWebKeySet } from 'jose';
import jsonld from 'jsonld';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../../scripts/migration/restore.ts';
import { contentFamilies, trashRestorePath } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { verificationOf } from '../../src/server/certificates/lookup.ts';
import { createImageStore } from '../../src/server/images/image-store.ts';
import { backupBuffer, collectBackup } from '../../src/server/migration/backup.ts';
import { body, freshAddresses, ORIGIN, startApiOn, STORE_BACKENDS, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
const STATUS_LIST_URL = `${ORIGIN}/verify/status/1`;
const BITSTRING_STATUS = 'https://www.w3.org/ns/credentials/status#';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/vc-contexts/${name}`, import.meta.url), 'utf8'));
const CONTEXTS: Record<string, unknown> = {
  'https://www.w3.org/ns/credentials/v2': fixture('credentials-v2.jsonld'),
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json': fixture('ob-v3p0-context-3.0.3.json'),
};

/** A JSON-LD document loader that answers from memory only: the contexts, and any documents given. */
function offlineLoader(documents: Record<string, unknown> = {}) {
  return async (url: string) => {
    const document = CONTEXTS[url] ?? documents[url];
    if (document === undefined) throw new Error(`Not available offline: ${url}`);
    return { contextUrl: null, documentUrl: url, document };
  };
}

type Claims = Record<string, unknown> & { credentialStatus: Record<string, string> };

/** The JWT's payload once its signature (EdDSA, or RS256) checks out against the JWKS key its `kid` names. */
function verifiedPayload(jwt: string, keys: JSONWebKeySet, expectedAlg = 'EdDSA'): Claims {
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, string>;
  expect(claims.alg).toBe(expectedAlg);
  const jwk = keys.keys.find((key) => key.kid === claims.kid);
  if (!jwk) throw new Error(`No key ${claims.kid} in the JWKS`);
  expect(jwk.alg).toBe(claims.alg);
  const key = createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' });
  const signed = Buffer.from(`${header}.${payload}`, 'ascii');
  // Ed25519 takes no digest; RS256 is RSASSA-PKCS1-v1_5 over SHA-256, node's default RSA padding.
  const digest = claims.alg === 'RS256' ? 'sha256' : null;
  if (!verifySignature(digest, signed, key, Buffer.from(signature, 'base64url')))
    throw new Error('Bad signature');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
}

describe.each(STORE_BACKENDS)('Open Badges 3.0 to a standard verifier, on %s', (backend) => {
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  const purged: string[][] = [];
  const address = freshAddresses(backend === 'redis' ? '198.61' : '198.62');

  beforeAll(async () => {
    ({ api, stop } = await startApiOn(backend, 'open-badges', {
      env: { CERT_SIGNING_KEY: signingKey },
      deps: {
        purgeCache: async (tags) => {
          purged.push(tags);
        },
      },
    }));
  });
  afterAll(() => stop());

  async function issue(holderName: string, holderEmail?: string, on: Api = api) {
    const response = await on.admin(family.path, {
      method: 'POST',
      json: { holderName, holderEmail, courseName: 'Web Security', issuedOn: '2026-03-14', grade: 'A' },
    });
    expect(response.status).toBe(201);
    return (await body(response)).data as { _id: string; number: string };
  }
  async function credentialOf(number: string): Promise<string> {
    const { data } = await body(await api.call(`/api/v1/certificate/verify/${number}`, { ip: address() }));
    return String((data as { credential: string }).credential);
  }
  const jwks = async () => (await (await api.call('/.well-known/jwks.json')).json()) as JSONWebKeySet;

  /** The status list credential as served, verified; and a loader that hands it to the status library. */
  async function statusList(on: Api = api) {
    const response = await on.call('/verify/status/1', { ip: address() });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/jwt');
    expect(response.headers.get('Netlify-Cache-Tag')).toBe(family.cacheTag);
    const list = verifiedPayload(await response.text(), await jwks());
    return { list, loader: offlineLoader({ [STATUS_LIST_URL]: list }) };
  }
  /** Whether the status list `on` serves says this held credential is revoked. */
  async function revokedOnList(credential: Claims, on: Api = api): Promise<boolean | undefined> {
    const { loader } = await statusList(on);
    const status = await checkStatus({
      credential,
      documentLoader: loader,
      verifyBitstringStatusListCredential: false,
    });
    expect(status.verified).toBe(true);
    return status.results?.[0]?.status;
  }

  it('a credential verifies offline: signature, safe-mode JSON-LD, and a status the standard library reads', async () => {
    const item = await issue('Asha Rao');
    const credential = verifiedPayload(await credentialOf(item.number), await jwks());
    expect(credential.iss).toBe(`${ORIGIN}/`);
    expect(credential.id).toBe(`${ORIGIN}/verify/${item.number}`);
    expect(credential.nbf).toBe(Date.parse(String(credential.validFrom)) / 1000);

    // Safe mode refuses any term the contexts do not define: the credential has none.
    const expanded = JSON.stringify(
      await jsonld.expand(credential, { safe: true, documentLoader: offlineLoader() }),
    );
    expect(expanded).toContain(`${BITSTRING_STATUS}BitstringStatusListEntry`);
    expect(expanded).toContain('https://purl.imsglobal.org/spec/vc/ob/vocab.html#OpenBadgeCredential');
    // The check is a real one: a status type of our own, as credentials had before, is refused.
    await expect(
      jsonld.expand(
        { ...credential, credentialStatus: { id: STATUS_LIST_URL, type: 'CertificateVerificationStatus' } },
        { safe: true, documentLoader: offlineLoader() },
      ),
    ).rejects.toThrow();

    const { list, loader } = await statusList();
    await jsonld.expand(list, { safe: true, documentLoader: offlineLoader() });
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
    const subject = list.credentialSubject as unknown as { encodedList: string };
    expect(subject.encodedList.startsWith('u')).toBe(true);
    // The specification's minimum size, 16 KB of bits, so fetching the list tells nothing of whom it checks.
    expect((await decodeList({ encodedList: subject.encodedList })).length).toBeGreaterThanOrEqual(131_072);

    const status = await checkStatus({
      credential,
      documentLoader: loader,
      // The list is secured as a JWT, checked above; the library's own proof check is for Data Integrity.
      verifyBitstringStatusListCredential: false,
    });
    expect(status.error).toBeUndefined();
    expect(status.verified).toBe(true);
    expect(status.results?.[0]?.status).toBe(false);
  });

  it('a revocation reaches the status list: the held credential reads revoked, another does not', async () => {
    const kept = await issue('Kiran');
    const revokedItem = await issue('Meera');
    const keptCredential = verifiedPayload(await credentialOf(kept.number), await jwks());
    const heldCredential = verifiedPayload(await credentialOf(revokedItem.number), await jwks());
    expect(heldCredential.credentialStatus.statusListIndex).not.toBe(
      keptCredential.credentialStatus.statusListIndex,
    );

    purged.length = 0;
    const revoked = await api.admin(`${family.path}/${revokedItem._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Issued in error' },
    });
    expect(revoked.status).toBe(200);
    // The CDN's copy of the list goes with the family's tag.
    expect(purged.flat()).toContain(family.cacheTag);

    const { loader } = await statusList();
    const held = await checkStatus({
      credential: heldCredential,
      documentLoader: loader,
      verifyBitstringStatusListCredential: false,
    });
    expect(held.verified).toBe(true);
    expect(held.results?.[0]?.status).toBe(true);
    const other = await checkStatus({
      credential: keptCredential,
      documentLoader: loader,
      verifyBitstringStatusListCredential: false,
    });
    expect(other.results?.[0]?.status).toBe(false);
  });

  it('certificates issued at once each get their own place', async () => {
    const items = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((name) => issue(`Learner ${name}`)));
    const places = await Promise.all(
      items.map(async (item) => (await api.repository.get(family.key, item._id))?.statusIndex),
    );
    expect(places.every((place) => typeof place === 'number')).toBe(true);
    expect(new Set(places).size).toBe(items.length);
  });

  it('a certificate stored without a place gets one at its first lookup, the same for lookups at once', async () => {
    const item = await issue('Ravi');
    const stored = await api.repository.get(family.key, item._id);
    const allocated = stored?.statusIndex;
    expect(typeof allocated).toBe('number');
    // As a certificate stored before the status list existed.
    await api.repository.update(family.key, item._id, { statusIndex: undefined }, { touch: false });

    const keys = await jwks();
    const credentials = await Promise.all([1, 2, 3].map(() => credentialOf(item.number)));
    const places = credentials.map((jwt) => verifiedPayload(jwt, keys).credentialStatus.statusListIndex);
    expect(new Set(places).size).toBe(1);
    const now = (await api.repository.get(family.key, item._id))?.statusIndex;
    expect(String(now)).toBe(places[0]);
    // A new place, never the one handed out before.
    expect(now).not.toBe(allocated);
    expect(await api.repository.revisions(family.key, item._id)).toEqual([]);
  });

  it('a first lookup that raced a revoke still leaves its credential reading revoked', async () => {
    const item = await issue('Sana');
    await api.repository.update(family.key, item._id, { statusIndex: undefined }, { touch: false });
    // The lookup read the certificate while it was valid; the revoke then found no place to set.
    const stale = await api.repository.get(family.key, item._id);
    const revoked = await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: 'x' },
    });
    expect(revoked.status).toBe(200);
    const { credential } = await verificationOf(api.deps, stale!, ORIGIN);
    expect(await revokedOnList(verifiedPayload(String(credential), await jwks()))).toBe(true);
  });

  it('erasing a holder on request sets the bit of each of their certificates', async () => {
    const item = await issue('Nila Devi', 'nila@example.in');
    const held = verifiedPayload(await credentialOf(item.number), await jwks());
    expect(await revokedOnList(held)).toBe(false);
    const erased = await api.admin(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      json: { email: 'nila@example.in' },
    });
    expect(erased.status).toBe(200);
    expect(await revokedOnList(held)).toBe(true);
  });

  it('a deleted certificate reads revoked on the list, and valid again when staff undo the delete', async () => {
    const item = await issue('Ravi Shankar');
    const held = verifiedPayload(await credentialOf(item.number), await jwks());
    expect(await revokedOnList(held)).toBe(false);
    expect((await api.admin(`${family.path}/${item._id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await revokedOnList(held)).toBe(true);
    const restored = await api.admin(trashRestorePath(family.key, item._id), { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await revokedOnList(held)).toBe(false);
  });

  it('a restore into an empty store keeps every place and bit; the next certificate gets an unused place', async () => {
    const revokedItem = await issue('Arun');
    const kept = await issue('Bela');
    const held = verifiedPayload(await credentialOf(revokedItem.number), await jwks());
    const keptHeld = verifiedPayload(await credentialOf(kept.number), await jwks());
    await api.admin(`${family.path}/${revokedItem._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Error' },
    });
    const images = (on: Api) => createImageStore(on.blobs.getStore(`images-${backend}`));
    const archive = await backupBuffer(await collectBackup(api.repository, images(api), api.clock.now));
    const places = (await api.repository.list(family.key)).map((item) => Number(item.statusIndex));

    const restored = await startApiOn(backend, 'open-badges-restored', {
      env: { CERT_SIGNING_KEY: signingKey },
    });
    try {
      await restoreBackup(archive, {
        repository: restored.api.repository,
        images: images(restored.api),
      });
      expect(await revokedOnList(held, restored.api)).toBe(true);
      expect(await revokedOnList(keptHeld, restored.api)).toBe(false);
      const next = await issue('Chitra', undefined, restored.api);
      const place = (await restored.api.repository.get(family.key, next._id))?.statusIndex;
      expect(place).toBe(Math.max(...places) + 1);
    } finally {
      await restored.stop();
    }
  });
});

describe('RS256 alongside EdDSA', () => {
  const rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  let api: Api;
  let stop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    ({ api, stop } = await startApiOn('blobs', 'open-badges-rs256', {
      env: { CERT_SIGNING_KEY: signingKey, CERT_RSA_SIGNING_KEY: JSON.stringify(rsaKey) },
    }));
  });
  afterAll(() => stop());

  it('signs credentials and the status list with RS256 when an RSA key is set; the JWKS keeps the Ed25519 key', async () => {
    const issued = await api.admin(family.path, {
      method: 'POST',
      json: { holderName: 'Dev', courseName: 'Web Security', issuedOn: '2026-03-14' },
    });
    const { number } = (await body(issued)).data as { number: string };
    const keys = (await (await api.call('/.well-known/jwks.json')).json()) as JSONWebKeySet;
    expect(keys.keys.map((key) => key.alg)).toEqual(['RS256', 'EdDSA']);
    expect(keys.keys.every((key) => !('d' in key) && !('p' in key))).toBe(true);

    const { data } = await body(await api.call(`/api/v1/certificate/verify/${number}`, { ip: '198.63.0.1' }));
    const credential = verifiedPayload(String((data as { credential: string }).credential), keys, 'RS256');
    await jsonld.expand(credential, { safe: true, documentLoader: offlineLoader() });
    const list = verifiedPayload(await (await api.call('/verify/status/1')).text(), keys, 'RS256');
    const status = await checkStatus({
      credential,
      documentLoader: offlineLoader({ [STATUS_LIST_URL]: list }),
      verifyBitstringStatusListCredential: false,
    });
    expect(status.results?.[0]?.status).toBe(false);
  });
});
