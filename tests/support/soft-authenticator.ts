/**
 * A software passkey authenticator and the browser around it, for handler-level tests of the WebAuthn ceremonies:
 * `create` answers what `navigator.credentials.create` + @simplewebauthn/browser's `startRegistration` would
 * send (attestation "none"), `get` what `startAuthentication` would send, as RegistrationResponseJSON and
 * AuthenticationResponseJSON. Each credential is an ES256 (P-256) key of node:crypto, discoverable (it keeps the
 * user handle), backed up (BE|BS, as a synced passkey) and counting its uses.
 *
 * Written here rather than installed: no well-kept authenticator emulator for Node turned up on the configured
 * registry (its search endpoint answers 404; by name, `nid-webauthn-emulator` 0.2.11 is pre-1.0 and brings its own
 * CBOR and domain-list dependencies, `cbor` and `tldts`). A short helper over @simplewebauthn/server's own helpers
 * (CBOR, base64url, COSE labels) encodes exactly what the server decodes, and adds nothing to install.
 * The e2e spec (admin-identity.spec.ts) still covers a real browser's authenticator.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { cose, isoBase64URL, isoCBOR, isoUint8Array } from '@simplewebauthn/server/helpers';

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;
const PASSKEY_FLAGS = FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS;

export interface SoftCredential {
  /** base64url, as the server stores it. */
  id: string;
  rpId: string;
  /** base64url of the user handle the relying party gave at registration. */
  userHandle: string;
  privateKey: KeyObject;
  /** The COSE public key (EC2, ES256), CBOR-encoded. */
  publicKey: Uint8Array<ArrayBuffer>;
  signCount: number;
}

/**
 * What a rogue client may change; a browser would set every one of these itself. By default the response is
 * the honest one for `origin`.
 */
export interface Tampering {
  /** clientDataJSON's origin. */
  origin?: string;
  /** The RP ID whose hash opens the authenticator data. */
  rpId?: string;
  /** The signature counter to report (default: one more than the last). */
  signCount?: number;
  /** `create` only: the new credential's id (base64url; default 32 random bytes), e.g. someone else's. */
  credentialId?: string;
  /** `get` only: the user handle to report (default: the one the credential was made for). */
  userHandle?: string;
}

const bytes = (buffer: Uint8Array) => new Uint8Array(buffer);
const sha256 = (data: Uint8Array | string) => bytes(createHash('sha256').update(data).digest());
const b64url = (data: Uint8Array) => isoBase64URL.fromBuffer(bytes(data));
const uint32 = (value: number) => {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
};

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return isoUint8Array.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A browser only lets a page use an RP ID that is its own host or a registrable suffix of it. */
function checkRpId(rpId: string, origin: string) {
  const host = new URL(origin).hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`))
    throw new Error(`SecurityError: RP ID ${rpId} is not valid for ${origin}`);
}

/** A fresh ES256 key pair and its public key as a CBOR COSE_Key. */
function es256KeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
    [cose.COSEKEYS.alg, cose.COSEALG.ES256],
    [cose.COSEKEYS.crv, cose.COSECRV.P256],
    [cose.COSEKEYS.x, isoBase64URL.toBuffer(jwk.x ?? '')],
    [cose.COSEKEYS.y, isoBase64URL.toBuffer(jwk.y ?? '')],
  ]);
  return { privateKey, publicKey: isoCBOR.encode(coseKey) };
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /**
   * `navigator.credentials.create` for the server's registration options, on a page at `origin`: makes a
   * discoverable credential and answers the attestation ("none") as @simplewebauthn/browser sends it.
   */
  create(
    options: PublicKeyCredentialCreationOptionsJSON,
    origin: string,
    tampering: Tampering = {},
  ): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    checkRpId(rpId, origin);
    if (!options.pubKeyCredParams.some((param) => param.alg === cose.COSEALG.ES256))
      throw new Error('NotSupportedError: the relying party does not accept ES256');
    const excluded = new Set(options.excludeCredentials?.map((descriptor) => descriptor.id));
    if (this.credentials.some((credential) => excluded.has(credential.id)))
      throw new Error('InvalidStateError: this authenticator already holds a credential of the account');
    const credential = this.add({ rpId, userHandle: options.user.id, id: tampering.credentialId });
    const rawId = isoBase64URL.toBuffer(credential.id);
    const credentialIdLength = new Uint8Array([rawId.length >> 8, rawId.length & 0xff]);
    const authenticatorData = isoUint8Array.concat([
      sha256(tampering.rpId ?? rpId),
      new Uint8Array([PASSKEY_FLAGS | FLAGS.AT]),
      uint32(tampering.signCount ?? credential.signCount),
      new Uint8Array(16), // AAGUID: none, as a synced passkey without attestation reports it
      credentialIdLength,
      rawId,
      credential.publicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', authenticatorData],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', options.challenge, tampering.origin ?? origin)),
        attestationObject: b64url(attestationObject),
        authenticatorData: b64url(authenticatorData),
        transports: ['hybrid', 'internal'],
        publicKeyAlgorithm: cose.COSEALG.ES256,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * `navigator.credentials.get` for the server's sign-in options, on a page at `origin`: the person picks
   * `credentialId` (default: this authenticator's first credential for the RP ID), which signs
   * authenticatorData ‖ sha256(clientDataJSON) and counts one more use.
   */
  get(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    credentialId?: string,
    tampering: Tampering = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(origin).hostname;
    checkRpId(rpId, origin);
    const allowed = options.allowCredentials?.length
      ? new Set(options.allowCredentials.map((descriptor) => descriptor.id))
      : null;
    const credential = this.credentials.find(
      (candidate) =>
        candidate.rpId === rpId &&
        (credentialId === undefined || candidate.id === credentialId) &&
        (!allowed || allowed.has(candidate.id)),
    );
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');
    credential.signCount += 1;
    const authenticatorData = isoUint8Array.concat([
      sha256(tampering.rpId ?? rpId),
      new Uint8Array([PASSKEY_FLAGS]),
      uint32(tampering.signCount ?? credential.signCount),
    ]);
    const clientDataJSON = clientData('webauthn.get', options.challenge, tampering.origin ?? origin);
    // node:crypto signs ECDSA in DER, the encoding WebAuthn uses for ES256 assertions.
    const signature = sign(
      'sha256',
      isoUint8Array.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: tampering.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Adds a credential without asking any server: with a fresh id it is a passkey the site never saw; with the id
   * (and user handle) of someone else's it is a forgery, the same id under a key of its own.
   */
  add({ rpId, userHandle, id }: { rpId: string; userHandle: string; id?: string }): SoftCredential {
    const credential: SoftCredential = {
      id: id ?? b64url(randomBytes(32)),
      rpId,
      userHandle,
      ...es256KeyPair(),
      signCount: 0,
    };
    this.credentials.push(credential);
    return credential;
  }
}
