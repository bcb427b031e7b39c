/**
 * Certificates (issue 23) through the real API and the /verify function on a real store: issuing (numbers made
 * and kept, unique), staff-only reads, public verification with a credential that verifies with `jose` against
 * the published JWKS (and a tampered one that does not), revocation, the per-address lookup limit, the pages
 * without JavaScript, and the privacy tools.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FIELD_REASONS } from '../../src/lib/api-messages.ts';
import { contentFamilies } from '../../src/lib/collections.ts';
import { ENQUIRY_PATHS } from '../../src/lib/enquiries.ts';
import { VERIFY } from '../../src/lib/messages.ts';
import { SITE_SETTINGS_SEED } from '../../src/lib/site-settings.ts';
import { SETTINGS } from '../../src/lib/staff-messages.ts';
import { CERTIFICATES } from '../../src/families/certificate.ts';
import { SERIAL_FORMAT } from '../../src/server/certificates/number.ts';
import { body, freshAddresses, ORIGIN, startApi, type Api } from './api-harness.ts';

const family = contentFamilies.certificate;
const signingKey = JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
const oldKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
const LIMIT = 5;
type Item = Record<string, unknown> & { _id: string };

let api: Api;
const address = freshAddresses('198.54');
beforeAll(async () => {
  api = await startApi({
    env: {
      CERT_SIGNING_KEY: signingKey,
      CERT_PUBLIC_KEYS_OLD: JSON.stringify({ keys: [oldKey] }),
      CERT_LOOKUP_LIMIT_MAX: String(LIMIT),
    },
  });
});
afterAll(() => api.stop());

async function issue(json: Record<string, unknown>): Promise<Item> {
  const response = await api.admin(family.path, { method: 'POST', json });
  expect(response.status, JSON.stringify(await body(response.clone()))).toBe(201);
  return (await body(response)).data as Item;
}
const verifyApi = (number: string, ip = address()) =>
  api.call(`/api/v1/certificate/verify/${encodeURIComponent(number)}`, { ip });
const jwks = async () => (await (await api.call('/.well-known/jwks.json')).json()) as JSONWebKeySet;

describe('issuing', () => {
  it('makes a DLT-{year}-XXXX-XXXX number of 40 random bits, unique, and keeps an old one as given', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, () =>
        issue({ holderName: 'Asha Rao', courseName: 'Web Security', issuedOn: '2026-03-14' }),
      ),
    );
    for (const item of made) expect(item.number).toMatch(SERIAL_FORMAT);
    expect(String(made[0]?.number).startsWith('DLT-2026-')).toBe(true);
    expect(new Set(made.map((item) => item.number)).size).toBe(6);

    const old = await issue({
      number: 'OLD-0042',
      holderName: 'Ravi',
      courseName: 'CEH',
      issuedOn: '2019-05-01',
    });
    expect(old.number).toBe('OLD-0042');
    const again = await api.admin(family.path, {
      method: 'POST',
      json: { number: 'old-0042', holderName: 'Someone', courseName: 'CEH', issuedOn: '2019-05-01' },
    });
    expect(again.status).toBe(400);
    expect((await body(again)).errors).toEqual({ number: FIELD_REASONS.serialTaken('old-0042') });
    expect(await api.repository.count(family.key)).toBe(7);

    const changed = await api.admin(`${family.path}/${old._id}`, {
      method: 'PUT',
      json: { number: 'NEW-1', holderName: 'Ravi', courseName: 'CEH', issuedOn: '2019-05-01' },
    });
    expect(changed.status).toBe(400);
    expect((await body(changed)).errors).toEqual({ number: FIELD_REASONS.serialFixed });
  });

  it('needs a catalogue course or a course name, and refuses a number that is no number', async () => {
    const none = await api.admin(family.path, {
      method: 'POST',
      json: { holderName: 'Asha', issuedOn: '2026-03-14' },
    });
    expect(none.status).toBe(400);
    expect((await body(none)).errors).toEqual({ course: CERTIFICATES.courseRequired });
    const bad = await api.admin(family.path, {
      method: 'POST',
      json: { number: 'a b/c', holderName: 'Asha', courseName: 'X', issuedOn: '2026-03-14' },
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors).toEqual({ number: FIELD_REASONS.serialInvalid });
  });

  it('is staff only: no public list or item', async () => {
    const item = await issue({
      holderName: 'Meera',
      holderEmail: 'meera@example.in',
      courseName: 'OSINT',
      issuedOn: '2026-01-02',
    });
    expect((await api.call(family.path)).status).toBe(401);
    expect((await api.call(`${family.path}/${item._id}`)).status).toBe(401);
    const staff = await api.admin(family.path);
    expect(staff.status).toBe(200);
    expect(((await body(staff)).data as Item[]).some((entry) => entry._id === item._id)).toBe(true);
  });
});

describe('verification', () => {
  it('answers a valid certificate with a credential that verifies against the JWKS; a tampered one fails', async () => {
    const item = await issue({
      holderName: 'Asha Rao',
      holderEmail: 'asha@example.in',
      courseName: 'Web Security',
      issuedOn: '2026-03-14',
      grade: 'A',
    });
    const response = await verifyApi(String(item.number).toLowerCase());
    expect(response.status).toBe(200);
    expect(response.headers.get('Netlify-Cache-Tag')).toBe(family.cacheTag);
    const { success, data } = await body(response);
    const answer = data as Record<string, unknown>;
    expect(success).toBe(true);
    expect(answer).toMatchObject({
      number: item.number,
      status: 'valid',
      holderName: 'Asha Rao',
      course: 'Web Security',
    });
    expect(JSON.stringify(answer)).not.toContain('asha@example.in');

    const keys = await jwks();
    expect(keys.keys).toHaveLength(2);
    expect(keys.keys.every((key) => !('d' in key))).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(String(answer.credential), createLocalJWKSet(keys), {
      issuer: `${ORIGIN}/`,
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    // Its place in the revocation status list (the Bitstring Status List, checked in open-badges-verifier.test.ts).
    expect(payload.credentialStatus).toMatchObject({
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListCredential: `${ORIGIN}/verify/status/1`,
    });
    expect(JSON.stringify(payload)).not.toContain('asha@example.in');

    const [header, claims, signature] = String(answer.credential).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(String(answer.credential)), name: 'Forged' }),
    ).toString('base64url');
    await expect(jwtVerify(`${header}.${forged}.${signature}`, createLocalJWKSet(keys))).rejects.toThrow();
    expect(claims).not.toBe(forged);
  });

  it('shows a revoked certificate as revoked with its reason and date, without a credential', async () => {
    const item = await issue({ holderName: 'Kiran', courseName: 'Cloud', issuedOn: '2026-02-01' });
    expect(
      (await api.call(`${family.path}/${item._id}/revoke`, { method: 'POST', json: { reason: 'x' } })).status,
    ).toBe(401);
    const empty = await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: ' ' },
    });
    expect(empty.status).toBe(400);
    const revoked = await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Issued in error' },
    });
    expect(revoked.status).toBe(200);
    expect((await body(revoked)).message).toBe(API.certificateRevoked);
    const twice = await api.admin(`${family.path}/${item._id}/revoke`, {
      method: 'POST',
      json: { reason: 'Again' },
    });
    expect(twice.status).toBe(409);

    const { data } = await body(await verifyApi(String(item.number)));
    expect(data).toMatchObject({ status: 'revoked', revokedReason: 'Issued in error', credential: null });
    expect((data as Record<string, unknown>).revokedOn).toBe(api.clock.now.toISOString());

    const log = await body(await api.admin('/api/v1/audit'));
    expect(JSON.stringify(log.data)).toContain('"revoke"');
  });

  it('answers 404 for an unknown number', async () => {
    const response = await verifyApi('DLT-2026-0000-0000');
    expect(response.status).toBe(404);
    expect((await body(response)).message).toBe(API.certificateNotFound);
  });

  it('limits lookups per address: a flood gets 429 with Retry-After, a few are never stopped', async () => {
    const ip = address();
    for (let i = 0; i < LIMIT; i++) expect((await verifyApi(`DLT-2026-AAAA-000${i}`, ip)).status).toBe(404);
    const refused = await verifyApi('DLT-2026-AAAA-0009', ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another address is not held back by the flood.
    expect((await verifyApi('DLT-2026-AAAA-0009', address())).status).toBe(404);
  });
});

describe('pages without JavaScript', () => {
  it('serve /verify/{number}: status, holder, LinkedIn, the credential, noindex, the share preview', async () => {
    const item = await issue({
      holderName: 'Asha <b>Rao</b>',
      courseName: 'Web Security',
      issuedOn: '2026-03-14',
    });
    const number = String(item.number);
    const found = await api.call(`/verify/find?number=${number.toLowerCase()}`, { ip: address() });
    expect(found.status).toBe(303);
    expect(found.headers.get('Location')).toBe(`/verify/${number}`);

    const page = await api.call(`/verify/${number}`, { ip: address() });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`>${VERIFY.valid}<`);
    expect(html).toContain('Asha &lt;b&gt;Rao&lt;/b&gt;');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<title>${VERIFY.pageTitle(VERIFY.valid, number)}</title>`);
    expect(html).toContain('https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME');
    expect(html).toContain(`certId=${number}`);
    expect(html).toContain('issueYear=2026&amp;issueMonth=3');
    expect(html).not.toContain('<script');

    const file = await api.call(`/verify/${number}/credential.jwt`, { ip: address() });
    expect(file.headers.get('Content-Disposition')).toContain(`${number}.jwt`);
    await jwtVerify(await file.text(), createLocalJWKSet(await jwks()));

    const missing = await api.call('/verify/DLT-2026-ZZZZ-ZZZZ', { ip: address() });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(`>${VERIFY.notFound}<`);
  });
});

describe('privacy', () => {
  it('exports a person’s certificates; erasing revokes them on request, removes the name, keeps the number', async () => {
    const item = await issue({
      holderName: 'Nila Devi',
      holderEmail: 'Nila@Example.in',
      courseName: 'Forensics',
      issuedOn: '2026-04-01',
    });
    await api.admin(`${family.path}/${item._id}`, {
      method: 'PUT',
      json: {
        holderName: 'Nila Devi',
        holderEmail: 'nila@example.in',
        courseName: 'Forensics 2',
        issuedOn: '2026-04-01',
      },
    });
    const exported = await body(await api.admin(`${ENQUIRY_PATHS.privacyExport}?email=nila@example.in`));
    const certificates = (exported.data as { certificates: Item[] }).certificates;
    expect(certificates.map((entry) => entry.number)).toEqual([item.number]);

    const erased = await api.admin(ENQUIRY_PATHS.privacyErase, {
      method: 'POST',
      json: { email: 'nila@example.in' },
    });
    expect(erased.status).toBe(200);
    expect((await body(erased)).data).toMatchObject({ certificates: 1 });

    const { data } = await body(await verifyApi(String(item.number)));
    expect(data).toMatchObject({
      number: item.number,
      status: 'revoked',
      holderName: '',
      revokedReason: CERTIFICATES.revokedOnRequest,
    });
    const stored = await api.repository.get(family.key, item._id);
    expect(stored?.holderEmail).toBeUndefined();
    expect(await api.repository.revisions(family.key, item._id)).toEqual([]);
    const log = JSON.stringify((await body(await api.admin('/api/v1/audit'))).data);
    expect(log).not.toContain('Nila Devi');
  });
});

describe('the navbar link', () => {
  it('defaults to /verify; Site settings take a site path or an https address, never //another-host', async () => {
    expect(SITE_SETTINGS_SEED.certificateUrl).toBe('/verify');
    for (const certificateUrl of ['/verify', 'https://certificates.example.com']) {
      const saved = await api.admin('/api/v1/settings', {
        method: 'PUT',
        json: { ...SITE_SETTINGS_SEED, certificateUrl },
      });
      expect(saved.status, certificateUrl).toBe(200);
    }
    const bad = await api.admin('/api/v1/settings', {
      method: 'PUT',
      json: { ...SITE_SETTINGS_SEED, certificateUrl: '//evil.example/verify' },
    });
    expect(bad.status).toBe(400);
    expect((await body(bad)).errors).toEqual({ certificateUrl: SETTINGS.urlInvalid });
  });
});
