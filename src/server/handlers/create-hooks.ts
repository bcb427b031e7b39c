/**
 * What a family's create does beyond the generic one (content-write.ts): fields stored with the new item in the
 * same write, and work after the answer, and what a family refuses to delete. A certificate is checked against its
 * batch's dates, stored with its e-mail's outbox entry and its place in the revocation status list (status-list.ts,
 * allocated once here so every credential ever signed for it names the same place), the e-mail tried right after
 * the response, and never deleted once revoked; a learner's testimonial is published only while its certificate
 * is not revoked.
 */
import { API, FIELD_REASONS } from '../../lib/api-messages.ts';
import { checkIssueTiming } from '../certificates/issue-timing.ts';
import { CERTIFICATE, originOf } from '../certificates/lookup.ts';
import { deliverCertificateMailAfterResponse, newCertificateMail } from '../certificates/mail.ts';
import { allocateStatusIndex, markRevoked, markValidAgain } from '../certificates/status-list.ts';
import { conflict, HttpError } from '../http/respond.ts';
import type { RouteInput, StaffInput } from '../http/route-table.ts';
import { validationFailure } from '../http/validate.ts';
import type { StoredItem } from '../repository/port.ts';
import { learnerRevoked } from '../testimonials/learner-testimonials.ts';

export interface CreateHooks {
  /**
   * Before a create, and an edit (`current` then the stored item, `fields` the item as it would be): refuses, by
   * throwing the HttpError to answer, what the family's own rules forbid.
   */
  check?(
    input: StaffInput,
    fields: Record<string, unknown>,
    current: Record<string, unknown> | null,
  ): Promise<void>;
  /** Before a delete (to the trash) of the item `id`: refuses, by throwing the HttpError to answer. */
  beforeDelete?(input: StaffInput, id: string): Promise<void>;
  /** After the item came back from the trash. */
  afterRestore?(input: StaffInput, item: StoredItem): Promise<void>;
  /** Stored beside the validated fields, in the same write. */
  extra?(input: RouteInput, fields: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** After the item is stored (and audited). */
  after?(input: RouteInput, item: StoredItem): void;
}

const CREATE_HOOKS: Partial<Record<string, CreateHooks>> = {
  learnerTestimonial: {
    async check({ deps }, fields) {
      if (fields.published !== false && (await learnerRevoked(deps, fields)))
        throw new HttpError(validationFailure({ published: FIELD_REASONS.testimonialCertificateRevoked }));
    },
  },
  certificate: {
    check: ({ deps, actor }, fields, current) => checkIssueTiming(deps, actor, fields, current),
    // A revocation is for good: deleting would leave only the number's "withdrawn", losing the reason and date.
    async beforeDelete({ deps }, id) {
      const item = await deps.repository.get(CERTIFICATE, id);
      if (item?.status === 'revoked') throw new HttpError(conflict(API.certificateRevokedKept));
      // Its number answers "withdrawn" from now on: standard verifiers read the same from its bit, set first.
      if (item) await markRevoked(deps, item);
    },
    afterRestore: ({ deps }, item) => markValidAgain(deps, item),
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
