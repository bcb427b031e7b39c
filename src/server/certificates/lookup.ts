/**
 * A certificate as the public may see it: found by its number, joined to its catalogue course and
 * batch, with its signed credential. Never the holder's e-mail or anything else the staff record holds.
 */
import { contentFamilies } from '../../lib/collections.ts';
import { VERIFY } from '../../lib/messages.ts';
import { brandName } from '../../lib/site-config.ts';
import type { Deps } from '../deps.ts';
import type { StoredItem } from '../repository/port.ts';
import { serialClaim } from '../repository/unique.ts';
import { canSign, signCredential } from './credential.ts';
import { normaliseNumber } from './number.ts';
import { ensureStatusIndex, statusListEntry } from './status-list.ts';

export const CERTIFICATE = 'certificate';
/** The field a certificate's number is in (its family's serial). */
export const NUMBER_FIELD = contentFamilies.certificate.serial?.field ?? 'number';
export const VERIFY_PAGE_PATH = '/verify';
export const VERIFY_API_PATH = '/api/v1/certificate/verify';

export interface Verification {
  number: string;
  status: 'valid' | 'revoked';
  holderName: string;
  course: string;
  batch?: { name: string; startDate: string; endDate: string };
  issuedOn: string;
  validUntil?: string;
  revokedOn?: string;
  revokedReason?: string;
  /** The signed OpenBadgeCredential (a JWT); null for a revoked certificate, or with no signing key set. */
  credential: string | null;
  /** Revoked because the certificate was deleted: only its number is known. */
  withdrawn?: true;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What a number (as typed: case and Crockford look-alikes forgiven) names: its certificate; `gone` when the number
 * was issued and its certificate has since been deleted (the number's claim outlives it, unique.ts); null when it
 * was never issued. Found by the number's claim; a number claimed before claims were folded is found by reading
 * the certificates.
 */
export async function lookUpNumber(
  deps: Pick<Deps, 'repository'>,
  typed: string,
): Promise<{ item: StoredItem } | { gone: string } | null> {
  const wanted = normaliseNumber(typed);
  if (wanted === '') return null;
  const holder = await deps.repository.claimHolder(CERTIFICATE, serialClaim(NUMBER_FIELD, wanted));
  if (holder) {
    const item = await deps.repository.get(CERTIFICATE, holder);
    return item ? { item } : { gone: wanted };
  }
  const all = await deps.repository.list(CERTIFICATE);
  const item = all.find((candidate) => normaliseNumber(text(candidate.number)) === wanted);
  return item ? { item } : null;
}

/** The certificate with this number (as typed), or null (never issued, or deleted). */
export async function findByNumber(
  deps: Pick<Deps, 'repository'>,
  typed: string,
): Promise<StoredItem | null> {
  const found = await lookUpNumber(deps, typed);
  return found && 'item' in found ? found.item : null;
}

/** Whether a number was ever issued, whether or not its certificate is still there. */
export async function numberIssued(deps: Deps, number: string): Promise<boolean> {
  return (await deps.repository.claimHolder(CERTIFICATE, serialClaim(NUMBER_FIELD, number))) !== null;
}

/**
 * The public answer for a number: its certificate's, or for a deleted certificate "revoked" (withdrawn by its
 * issuer), so a copy of it never reads as unknown, let alone as valid; null for a number never issued.
 */
export async function verificationOfNumber(
  deps: Deps,
  typed: string,
  origin: string,
): Promise<Verification | null> {
  const found = await lookUpNumber(deps, typed);
  if (!found) return null;
  if ('item' in found) return verificationOf(deps, found.item, origin);
  return {
    number: found.gone,
    status: 'revoked',
    withdrawn: true,
    holderName: '',
    course: '',
    issuedOn: '',
    revokedReason: VERIFY.withdrawnReason,
    credential: null,
  };
}

/** Certificates whose holder's e-mail is `email` (the privacy tools). */
export async function certificatesOf(deps: Deps, email: string): Promise<StoredItem[]> {
  const wanted = email.trim().toLocaleLowerCase('en');
  return (await deps.repository.list(CERTIFICATE)).filter(
    (item) => text(item.holderEmail).toLocaleLowerCase('en') === wanted,
  );
}

/** The site's origin for links in credentials: SITE_URL (or Netlify's URL), else the request's own. */
export const originOf = (deps: Deps, request: Request) => deps.env.siteOrigin ?? new URL(request.url).origin;

/** The public answer for a stored certificate. */
export async function verificationOf(deps: Deps, item: StoredItem, origin: string): Promise<Verification> {
  const number = text(item.number);
  const course = text(item.course) ? await deps.repository.get('course', text(item.course)) : null;
  const batch = text(item.batch) ? await deps.repository.get('batch', text(item.batch)) : null;
  const courseName = text(course?.title) || text(item.courseName);
  const revoked = item.status === 'revoked';
  const issuedOn = text(item.issuedOn);
  const validUntil = text(item.validUntil);
  const pageUrl = `${origin}${VERIFY_PAGE_PATH}/${encodeURIComponent(number)}`;
  const credential =
    revoked || !canSign(deps.env)
      ? null
      : await signCredential(deps.env, {
          number,
          holderName: text(item.holderName),
          course: courseName,
          courseUrl: course && text(course.slug) ? `${origin}/courses/${text(course.slug)}` : null,
          issuedOn,
          validUntil: validUntil || null,
          grade: text(item.grade) || null,
          pageUrl,
          status: statusListEntry(origin, await ensureStatusIndex(deps, item)),
          issuer: { id: `${origin}/`, name: brandName },
        });
  return {
    number,
    status: revoked ? 'revoked' : 'valid',
    holderName: text(item.holderName),
    course: courseName,
    ...(batch
      ? { batch: { name: text(batch.name), startDate: text(batch.startDate), endDate: text(batch.endDate) } }
      : {}),
    issuedOn,
    ...(validUntil ? { validUntil } : {}),
    ...(revoked ? { revokedOn: text(item.revokedOn), revokedReason: text(item.revokedReason) } : {}),
    credential,
  };
}
