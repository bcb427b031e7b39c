/**
 * The signed credential of a certificate: an Open Badges 3.0 `OpenBadgeCredential` (a W3C Verifiable
 * Credential, data model 2.0) secured as a JWT with Ed25519 (EdDSA) through `jose`. As Open Badges' VC-JWT form
 * asks, the payload is the credential itself with `iss` and `nbf` (and `exp` for a certificate that expires)
 * beside it. There is no `iat`, and Ed25519 signatures are deterministic, so a certificate's credential is the
 * same token at every lookup until the signing key changes; there is no `jti` either (the credential's `id` says
 * it, and the VC 2.0 context defines no such term). Every term is one the two contexts define, so JSON-LD
 * expansion in safe mode accepts the payload. Anyone can check it offline against `/.well-known/jwks.json`;
 * whether it was revoked since is its `credentialStatus`, a place in the W3C Bitstring Status List
 * (status-list.ts), so a standard verifier learns of a revocation without asking our API.
 */
import { calculateJwkThumbprint, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { ServerEnv } from '../env.ts';

export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB3_CONTEXT = [
  VC_CONTEXT,
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;
const ALG = 'EdDSA' as const;

/** A W3C `BitstringStatusListEntry`: the credential's bit in the published status list. */
export interface StatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: string;
  statusListIndex: string;
  statusListCredential: string;
}

/** What a credential says: the certificate as the verification answer gives it. */
export interface CredentialFacts {
  number: string;
  holderName: string;
  course: string;
  /** The course's page, when it is in the catalogue. */
  courseUrl: string | null;
  issuedOn: string;
  validUntil: string | null;
  grade: string | null;
  /** Where a person checks it (`/verify/{number}`). */
  pageUrl: string;
  /** Its place in the status list, where software learns whether it was revoked (status-list.ts makes it). */
  status: StatusListEntry;
  issuer: { id: string; name: string };
}

/** The OpenBadgeCredential, unsigned. */
export function openBadgeCredential(facts: CredentialFacts) {
  const achievement = {
    id: facts.courseUrl ?? `${facts.issuer.id}#course-${encodeURIComponent(facts.course)}`,
    type: ['Achievement'],
    name: facts.course,
    description: `Completed ${facts.course} at ${facts.issuer.name}.`,
    criteria: { narrative: `Awarded by ${facts.issuer.name} on completing the course ${facts.course}.` },
  };
  return {
    '@context': [...OB3_CONTEXT],
    id: facts.pageUrl,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `${facts.course} — ${facts.issuer.name}`,
    issuer: { id: facts.issuer.id, type: ['Profile'], name: facts.issuer.name },
    validFrom: facts.issuedOn,
    ...(facts.validUntil ? { validUntil: facts.validUntil } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      // The holder is named, not identified by an account: a name an employer compares with the CV in front of them.
      ...(facts.holderName
        ? {
            identifier: [
              { type: 'IdentityObject', identityHash: facts.holderName, identityType: 'name', hashed: false },
            ],
          }
        : {}),
      achievement,
      ...(facts.grade ? { result: [{ type: ['Result'], value: facts.grade }] } : {}),
    },
    credentialStatus: facts.status,
  };
}

export interface SigningKey {
  alg: 'EdDSA' | 'RS256';
  kid: string;
  key: CryptoKey | Uint8Array;
}

type KeyEnv = Pick<ServerEnv, 'CERT_SIGNING_KEY' | 'CERT_RSA_SIGNING_KEY'>;
const keys = new Map<string, Promise<SigningKey>>();

/** Whether credentials are signed at all (a signing key is configured). */
export const canSign = (env: KeyEnv) => Boolean(env.CERT_RSA_SIGNING_KEY ?? env.CERT_SIGNING_KEY);

/**
 * The key credentials are signed with, imported once per process: the RSA key (RS256) when CERT_RSA_SIGNING_KEY
 * is set, else the Ed25519 key (EdDSA); null when neither is.
 */
export function signingKeyOf(env: KeyEnv): Promise<SigningKey> | null {
  const rsa = env.CERT_RSA_SIGNING_KEY;
  const ed25519 = env.CERT_SIGNING_KEY;
  const chosen = rsa
    ? { alg: 'RS256' as const, jwk: rsa as JWK, cacheKey: rsa.n }
    : ed25519
      ? { alg: ALG, jwk: ed25519 as JWK, cacheKey: ed25519.x }
      : null;
  if (!chosen) return null;
  let found = keys.get(chosen.cacheKey);
  if (!found) {
    found = (async () => ({
      alg: chosen.alg,
      kid: chosen.jwk.kid ?? (await kidOf(chosen.jwk)),
      key: await importJWK({ ...chosen.jwk, alg: chosen.alg }, chosen.alg),
    }))();
    keys.set(chosen.cacheKey, found);
  }
  return found;
}

/** A key's id: its RFC 7638 thumbprint (of the public members only), the same wherever it is computed. */
const kidOf = (jwk: JWK) =>
  calculateJwkThumbprint(
    jwk.kty === 'RSA' ? { kty: 'RSA', e: jwk.e, n: jwk.n } : { kty: jwk.kty, crv: jwk.crv, x: jwk.x },
  );

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** The credential as a compact JWT, or null when no signing key is configured. */
export function signCredential(env: KeyEnv, facts: CredentialFacts) {
  return signVcJwt(env, openBadgeCredential(facts), {
    issuer: facts.issuer.id,
    validFrom: facts.issuedOn,
    validUntil: facts.validUntil,
  });
}

/**
 * Any credential of ours as a VC-JWT in Open Badges' form: the credential is the payload, with `iss` and `nbf`
 * (and `exp`) beside it, each a term of the VC 2.0 context. Null when no signing key is configured.
 */
export async function signVcJwt(
  env: KeyEnv,
  credential: JWTPayload,
  claims: { issuer: string; validFrom: string; validUntil: string | null },
): Promise<string | null> {
  const signing = signingKeyOf(env);
  if (!signing) return null;
  const { alg, kid, key } = await signing;
  const jwt = new SignJWT(credential)
    .setProtectedHeader({ alg, kid, typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setNotBefore(seconds(claims.validFrom));
  if (claims.validUntil) jwt.setExpirationTime(seconds(claims.validUntil));
  return jwt.sign(key);
}

/**
 * The public keys verifiers use: the RSA key's public half (when set), the Ed25519 key's, then earlier keys
 * (CERT_PUBLIC_KEYS_OLD), so a credential signed before a rotation or a change of algorithm still verifies.
 */
export async function publicKeySet(
  env: KeyEnv & Pick<ServerEnv, 'CERT_PUBLIC_KEYS_OLD'>,
): Promise<{ keys: JWK[] }> {
  const listed: JWK[] = [];
  const rsa = env.CERT_RSA_SIGNING_KEY;
  if (rsa) {
    const kid = rsa.kid ?? (await kidOf(rsa as JWK));
    listed.push({ kty: 'RSA', n: rsa.n, e: rsa.e, kid, alg: 'RS256', use: 'sig' });
  }
  for (const key of [...(env.CERT_SIGNING_KEY ? [env.CERT_SIGNING_KEY] : []), ...env.CERT_PUBLIC_KEYS_OLD]) {
    const kid = key.kid ?? (await kidOf(key as JWK));
    if (listed.some((listedKey) => listedKey.kid === kid)) continue;
    listed.push({ kty: key.kty, crv: key.crv, x: key.x, kid, alg: ALG, use: 'sig' });
  }
  return { keys: listed };
}
