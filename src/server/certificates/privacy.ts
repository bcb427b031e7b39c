/**
 * Erasure and certificates: a certificate is not deleted when its holder asks to be forgotten, because
 * a verifier holding the paper must still learn that it no longer holds. It is revoked "on the holder's request",
 * its name and e-mail removed, its number kept, and its history (which holds the name) dropped: the item goes
 * through the trash and out of it, as an erased request does, and is written back under its own id.
 */
import { CERTIFICATES } from '../../families/certificate.ts';
import type { Deps } from '../deps.ts';
import { forgetRequestNames } from '../audit/audit-log.ts';
import { UPDATED_BY } from '../http/versions.ts';
import { CERTIFICATE, certificatesOf } from './lookup.ts';
import { markRevoked } from './status-list.ts';

/** Revokes every certificate of `email` and strips the person from it; answers how many. */
export async function revokeOnRequest(deps: Deps, email: string): Promise<number> {
  const { repository } = deps;
  const at = deps.now().toISOString();
  const gone: string[] = [];
  for (const item of await certificatesOf(deps, email)) {
    const { holderEmail: _email, [UPDATED_BY]: _editor, ...kept } = item;
    const revoked = item.status === 'revoked';
    const erased = {
      ...kept,
      holderName: '',
      status: 'revoked',
      revokedReason: revoked ? item.revokedReason : CERTIFICATES.revokedOnRequest,
      revokedOn: revoked ? item.revokedOn : at,
      updatedAt: at,
    };
    // The status list first, as a revoke does: verifiers holding the credential learn of it.
    await markRevoked(deps, item);
    if (!(await repository.trash(CERTIFICATE, item._id, at))) continue;
    await repository.purgeFromTrash(CERTIFICATE, item._id);
    await repository.put(CERTIFICATE, erased);
    gone.push(item._id);
  }
  if (gone.length === 0) return 0;
  // The audit log named the holder on each issue and edit.
  await forgetRequestNames(deps, CERTIFICATE, gone);
  await deps.purgeCache([CERTIFICATE]).catch(() => undefined);
  return gone.length;
}
