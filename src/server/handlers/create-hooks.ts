/**
 * What a family's create does beyond the generic one (content-handler.ts): fields stored with the new item in the
 * same write, and work after the answer. Issue 23: a certificate is stored with its e-mail's outbox entry and the
 * e-mail is tried right after the response, and with its place in the revocation status list (status-list.ts),
 * allocated once here so every credential ever signed for it names the same place.
 */
import { originOf } from '../certificates/lookup.ts';
import { deliverCertificateMailAfterResponse, newCertificateMail } from '../certificates/mail.ts';
import { allocateStatusIndex } from '../certificates/status-list.ts';
import type { RouteInput } from '../http/route-table.ts';
import type { StoredItem } from '../repository/port.ts';

export interface CreateHooks {
  /** Stored beside the validated fields, in the same write. */
  extra(input: RouteInput, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** After the item is stored (and audited). */
  after(input: RouteInput, item: StoredItem): void;
}

const CREATE_HOOKS: Partial<Record<string, CreateHooks>> = {
  certificate: {
    async extra({ deps, request }, fields) {
      const mail = newCertificateMail(deps, fields.holderEmail, originOf(deps, request));
      return { statusIndex: await allocateStatusIndex(deps), ...(mail ? { mail } : {}) };
    },
    after({ deps, waitUntil }, item) {
      if (item.mail) waitUntil(deliverCertificateMailAfterResponse(deps, item._id));
    },
  },
};

export const createHooksOf = (familyKey: string): CreateHooks | undefined => CREATE_HOOKS[familyKey];
