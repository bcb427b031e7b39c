/**
 * Revocation that any verifier can read: a W3C Bitstring Status List. Each certificate holds a `statusIndex`, its
 * place in one list, handed out once when it is issued (never twice, never reused, a restore included); its
 * credential's `credentialStatus` is a `BitstringStatusListEntry` pointing at that place in the status list
 * credential served at `/verify/status/1`. Revoking sets the certificate's bit in a stored record of revoked
 * places; the list is built from that record alone, never by reading the certificates.
 *
 * A place is taken by a claim in the store (a lease that never ends: taking it is atomic on both stores), tried
 * from a stored hint of the next free place upwards, so issuing needs no lock and two issues at once never share
 * a place. The revoked places are one stored document, changed (a read and a write) under one lease, so two
 * revocations at once never lose each other's bit. Neither is in the backup: a restore rebuilds both from the
 * certificates it restores (`rebuildStatusList`), so the places restored are never handed out again and every
 * bit the store had stays set.
 *
 * The list is 131,072 bits (16 KB), the specification's minimum, so a verifier fetching it learns nothing about
 * which certificate it checks; GZIP-compressed, base64url without padding, with the multibase prefix `u`. Bit 0 is
 * the first byte's most significant bit. A list this size holds 131,072 certificates; past that, a second list
 * would be `/verify/status/2`.
 */
import { gzipSync } from 'node:zlib';
import type { Deps } from '../deps.ts';
import { StoreUnavailableError, type Repository, type StoredItem } from '../repository/port.ts';
import { signVcJwt, VC_CONTEXT, type StatusListEntry } from './credential.ts';

export const STATUS_LIST_PATH = '/verify/status/1';
export const STATUS_LIST_LENGTH = 131_072;
export const STATUS_PURPOSE = 'revocation';
/** Claims on places never end: a place once handed out is never handed out again. */
const PLACE_CLAIM = 'certificate-status-place';
const CLAIM_FOREVER_MS = 100 * 365 * 86_400_000;
/** One writer at a time for the revoked places (a read, a change, a write). */
const LIST_LEASE = 'certificate-status-list';
const LEASE_MS = 10_000;
const LEASE_WAIT_MS = 10_000;
const LEASE_POLL_MS = 25;

/** What is stored of the list: the revoked places, ascending, and when the last was revoked. */
export interface StoredStatusList {
  revoked: number[];
  updatedAt: string;
}
/** Where looking for a free place starts (a hint: the claims decide). */
interface NextPlace {
  next: number;
}

/** The certificate's place in the list, or null when it has none yet. */
export function statusIndexOf(item: StoredItem): number | null {
  const index = item.statusIndex;
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < STATUS_LIST_LENGTH
    ? index
    : null;
}

async function leaseWithin(deps: Deps, name: string): Promise<void> {
  const until = Date.now() + LEASE_WAIT_MS;
  for (;;) {
    if (await deps.coordination.acquireLease(name, LEASE_MS)) return;
    if (Date.now() >= until) throw new StoreUnavailableError(`The lease ${name} stayed taken`);
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
}

async function readList(repository: Repository): Promise<StoredStatusList> {
  const stored = await repository.getDocument<StoredStatusList>('certificateStatusList');
  return { revoked: stored?.revoked ?? [], updatedAt: stored?.updatedAt ?? '' };
}
const readNext = async (repository: Repository) =>
  (await repository.getDocument<NextPlace>('certificateStatusNext'))?.next ?? 0;

/** A new place in the list; StoreUnavailableError when the list is full (a second list is then due). */
export async function allocateStatusIndex(deps: Deps): Promise<number> {
  for (let place = await readNext(deps.repository); place < STATUS_LIST_LENGTH; place++) {
    if (!(await deps.coordination.acquireLease(`${PLACE_CLAIM}-${place}`, CLAIM_FOREVER_MS))) continue;
    // Last write wins: a hint written late by a slower issue only makes the next one try a taken place first.
    await deps.repository.setDocument<NextPlace>('certificateStatusNext', { next: place + 1 });
    return place;
  }
  throw new StoreUnavailableError('The certificate status list is full');
}

/**
 * The certificate's place, allocated now for a certificate stored before the list existed (or imported): under a
 * lease per certificate, so two first lookups at once agree on one place instead of each signing its own.
 */
export async function ensureStatusIndex(deps: Deps, item: StoredItem): Promise<number> {
  const known = statusIndexOf(item);
  if (known !== null) return known;
  const lease = `certificate-status-index-${item._id}`;
  await leaseWithin(deps, lease);
  try {
    const current = await deps.repository.get('certificate', item._id);
    const stored = current ? statusIndexOf(current) : null;
    if (stored !== null) return stored;
    const index = await allocateStatusIndex(deps);
    // Bookkeeping, not an edit: no new version, no history entry.
    const written = await deps.repository.update(
      'certificate',
      item._id,
      { statusIndex: index },
      { touch: false },
    );
    // Revoked meanwhile (its revoke saw no place to set): the credential this lookup signs must read revoked.
    if (written?.item.status === 'revoked') await markRevoked(deps, written.item);
    return index;
  } finally {
    await deps.coordination.releaseLease(lease);
  }
}

/**
 * Sets the certificate's bit. Called before the certificate itself is marked revoked, so a failure between the
 * two leaves the list saying revoked (the safe side) and the staff's retry completes the revocation. A
 * certificate without a place was never handed out with a status entry, so there is nothing to set.
 */
export async function markRevoked(deps: Deps, item: StoredItem): Promise<void> {
  const index = statusIndexOf(item);
  if (index === null) return;
  await leaseWithin(deps, LIST_LEASE);
  try {
    const list = await readList(deps.repository);
    if (list.revoked.includes(index)) return;
    await deps.repository.setDocument<StoredStatusList>('certificateStatusList', {
      revoked: [...list.revoked, index].sort((a, b) => a - b),
      updatedAt: deps.now().toISOString(),
    });
  } finally {
    await deps.coordination.releaseLease(LIST_LEASE);
  }
}

/**
 * Clears a certificate's bit: only for one that comes back from the trash unrevoked (staff's Undo of a delete), whose
 * number verifies as valid again, so standard verifiers read it as our own answer does.
 */
export async function markValidAgain(deps: Deps, item: StoredItem): Promise<void> {
  const index = statusIndexOf(item);
  if (index === null || item.status === 'revoked') return;
  await leaseWithin(deps, LIST_LEASE);
  try {
    const list = await readList(deps.repository);
    if (!list.revoked.includes(index)) return;
    await deps.repository.setDocument<StoredStatusList>('certificateStatusList', {
      revoked: list.revoked.filter((revoked) => revoked !== index),
      updatedAt: deps.now().toISOString(),
    });
  } finally {
    await deps.coordination.releaseLease(LIST_LEASE);
  }
}

/**
 * After a restore: the hint moves past every restored place (never back), and a bit once set stays set, with the
 * restored revoked certificates' bits added; so no restored place is handed out again and nothing revoked reads
 * valid again.
 */
export async function rebuildStatusList(
  repository: Repository,
  certificates: readonly StoredItem[],
  now: string,
): Promise<void> {
  const list = await readList(repository);
  let next = await readNext(repository);
  const revoked = new Set(list.revoked);
  for (const item of certificates) {
    const index = statusIndexOf(item);
    if (index === null) continue;
    next = Math.max(next, index + 1);
    if (item.status === 'revoked') revoked.add(index);
  }
  await repository.setDocument<NextPlace>('certificateStatusNext', { next });
  if (revoked.size === list.revoked.length) return;
  await repository.setDocument<StoredStatusList>('certificateStatusList', {
    revoked: [...revoked].sort((a, b) => a - b),
    updatedAt: now,
  });
}

/** The list's `encodedList`: the bitstring GZIP-compressed, base64url without padding, multibase prefix `u`. */
export function encodeStatusList(revoked: readonly number[]): string {
  const bits = new Uint8Array(STATUS_LIST_LENGTH / 8);
  for (const index of revoked) bits[index >> 3]! |= 0x80 >> (index & 7);
  return `u${gzipSync(bits).toString('base64url')}`;
}

/** The entry a certificate's credential carries. */
export function statusListEntry(origin: string, index: number): StatusListEntry {
  const list = `${origin}${STATUS_LIST_PATH}`;
  return {
    id: `${list}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: STATUS_PURPOSE,
    statusListIndex: String(index),
    statusListCredential: list,
  };
}

/** The status list credential, unsigned: VC data model 2.0, issued by the same issuer as the certificates. */
export function statusListCredential(origin: string, list: StoredStatusList) {
  const id = `${origin}${STATUS_LIST_PATH}`;
  return {
    '@context': [VC_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: `${origin}/`,
    // The time of the last change, so the signed list is the same token until something is revoked.
    validFrom: list.updatedAt || new Date(0).toISOString(),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: STATUS_PURPOSE,
      encodedList: encodeStatusList(list.revoked),
    },
  };
}

/** The status list credential as a VC-JWT, signed like the certificates; null without a signing key. */
export async function signedStatusList(deps: Deps, origin: string): Promise<string | null> {
  const credential = statusListCredential(origin, await readList(deps.repository));
  return signVcJwt(deps.env, credential, {
    issuer: credential.issuer,
    validFrom: credential.validFrom,
    validUntil: null,
  });
}
