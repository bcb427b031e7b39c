/**
 * Testimonials from verified learners: what the learner's link reads and writes. A submission is a
 * draft of the `learnerTestimonial` family (staff publish, order, trash; the history records each version); one
 * testimonial per certificate, stored under the certificate's own id, so the link, the privacy tools and the
 * revocation find it by that id and never by a number another certificate's may look like. Changing a published
 * one makes it a draft again (staff read it once more). Withdrawing deletes it and its history, and rebuilds the
 * site if it was shown.
 */
import { contentFamilies } from '../../lib/collections.ts';
import { publishChange } from '../cdn/publish-change.ts';
import { CERTIFICATE, certificatesOf, lookUpNumber } from '../certificates/lookup.ts';
import type { Deps } from '../deps.ts';
import { UPDATED_BY, type Editor } from '../http/versions.ts';
import { normaliseUnique } from '../repository/keys.ts';
import type { StoredItem } from '../repository/port.ts';

export const TESTIMONIAL_FAMILY = contentFamilies.learnerTestimonial;
/** Who the history says made a learner's version (not a staff account). */
export const LEARNER_EDITOR = { accountId: 'learner', name: 'The learner (certificate link)' };

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The testimonial written with this certificate: the one stored under its id, else one stored before testimonials
 * took their certificate's id, which names exactly this certificate's number (as stored, never folded).
 */
export async function testimonialOfCertificate(
  deps: Deps,
  certificate: Pick<StoredItem, '_id'> & { number?: unknown },
): Promise<StoredItem | null> {
  const keyed = await deps.repository.get(TESTIMONIAL_FAMILY.key, certificate._id);
  if (keyed) return keyed;
  const number = normaliseUnique(certificate.number);
  if (number === '') return null;
  const all = await deps.repository.list(TESTIMONIAL_FAMILY.key);
  return all.find((item) => normaliseUnique(item.certificateNumber) === number) ?? null;
}

/**
 * Whether a testimonial may not show its learner as verified: the certificate it was written with (the one whose
 * id it is stored under, else the one its number names) is revoked, or was deleted (its number answers revoked).
 */
export async function learnerRevoked(
  deps: Pick<Deps, 'repository'>,
  testimonial: { _id?: unknown; certificateNumber?: unknown },
): Promise<boolean> {
  const id = text(testimonial._id);
  const certificate = id ? await deps.repository.get(CERTIFICATE, id) : null;
  if (certificate) return certificate.status === 'revoked';
  const number = text(testimonial.certificateNumber);
  const found = number ? await lookUpNumber(deps, number) : null;
  return found !== null && ('gone' in found || found.item.status === 'revoked');
}

/** A revoked certificate's testimonial leaves the site: unpublished (staff may not publish it again), rebuilt. */
export async function withdrawFromSite(deps: Deps, certificate: StoredItem, editor: Editor): Promise<void> {
  const testimonial = await testimonialOfCertificate(deps, certificate);
  if (!testimonial || testimonial.published === false) return;
  await deps.repository.update(TESTIMONIAL_FAMILY.key, testimonial._id, {
    published: false,
    [UPDATED_BY]: editor,
  });
  await publishChange(deps, TESTIMONIAL_FAMILY.cacheTag);
}

export interface LearnerInput {
  quote: string;
  rating: string;
  showName: boolean;
  showCourse: boolean;
}

/** Stores the learner's words as a draft (new, or the certificate's existing testimonial changed). */
export async function saveLearnerTestimonial(
  deps: Deps,
  certificate: StoredItem,
  course: string,
  input: LearnerInput,
): Promise<StoredItem> {
  const number = text(certificate.number);
  const fields = TESTIMONIAL_FAMILY.inputSchema.parse({
    quote: input.quote,
    rating: input.rating,
    name: text(certificate.holderName),
    certificateNumber: number,
    showName: input.showName,
    course,
    showCourse: input.showCourse,
    issuedOn: text(certificate.issuedOn),
  }) as Record<string, unknown>;
  const existing = await testimonialOfCertificate(deps, certificate);
  if (!existing) {
    const at = deps.now().toISOString();
    const item: StoredItem = {
      ...fields,
      published: false,
      [UPDATED_BY]: LEARNER_EDITOR,
      _id: certificate._id,
      createdAt: at,
      updatedAt: at,
    };
    // `onlyIfNew`: of two submissions sent at once, one is stored and the other changes it.
    await deps.repository.put(TESTIMONIAL_FAMILY.key, item, { onlyIfNew: true });
    return (await deps.repository.get(TESTIMONIAL_FAMILY.key, certificate._id)) ?? item;
  }
  const wasShown = existing.published !== false;
  const result = await deps.repository.update(TESTIMONIAL_FAMILY.key, existing._id, {
    ...fields,
    published: false,
    [UPDATED_BY]: LEARNER_EDITOR,
  });
  if (!result) throw new Error('testimonial vanished while saving');
  if (wasShown) await publishChange(deps, TESTIMONIAL_FAMILY.cacheTag);
  return result.item;
}

/** Deletes a testimonial and its history (consent withdrawn, or its learner erased); whether it was there. */
export async function eraseTestimonial(deps: Deps, item: StoredItem): Promise<boolean> {
  const at = deps.now().toISOString();
  if (!(await deps.repository.trash(TESTIMONIAL_FAMILY.key, item._id, at))) return false;
  await deps.repository.purgeFromTrash(TESTIMONIAL_FAMILY.key, item._id);
  if (item.published !== false) await publishChange(deps, TESTIMONIAL_FAMILY.cacheTag);
  return true;
}

/** The privacy tools: the testimonials written with the certificates of `email`. */
export async function testimonialsOf(deps: Deps, email: string): Promise<StoredItem[]> {
  const found = await Promise.all(
    (await certificatesOf(deps, email)).map((certificate) => testimonialOfCertificate(deps, certificate)),
  );
  return found.filter((item): item is StoredItem => item !== null);
}

/** Erasure: every testimonial of `email` deleted (call before the certificates lose the address). */
export async function eraseTestimonialsOf(deps: Deps, email: string): Promise<number> {
  let erased = 0;
  for (const item of await testimonialsOf(deps, email)) if (await eraseTestimonial(deps, item)) erased += 1;
  return erased;
}
